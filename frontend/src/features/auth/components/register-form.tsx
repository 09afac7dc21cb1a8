import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useLeaveIfDeleted } from '@/lib/me';

import { register } from '../api/register';
import { authErrorMessage } from '../auth-errors';
import { validateRegistration } from '../validation';

import { AuthField, EmailField, PasswordField } from './auth-fields';
import styles from './auth-form.module.css';
import { FormSubmit } from './form-submit';

export function RegisterForm({ onSuccess }: { readonly onSuccess: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const leaveIfDeleted = useLeaveIfDeleted();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateRegistration({ name, email, password, ageConfirmed });
    setError(invalid);
    if (invalid) return;

    setPending(true);
    try {
      await register({ name, email, password, ageConfirmed });
      onSuccess();
    } catch (cause) {
      setError(authErrorMessage(cause));
      setPending(false);
      void leaveIfDeleted(cause);
    }
  }

  return (
    // noValidate: the product's own messages (docs/product.md, Registration) replace the browser's.
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <AuthField label="Name" autoComplete="name" value={name} onChange={setName} />
      <EmailField value={email} onChange={setEmail} />
      <PasswordField chosen value={password} onChange={setPassword} />
      {/* The product is for adults only; the terms and the FAQ say registering confirms it. */}
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={ageConfirmed}
          onChange={(event) => {
            setAgeConfirmed(event.target.checked);
          }}
        />
        I am 18 or older
      </label>
      <FormSubmit error={error} label="Register" pendingLabel="Creating account…" pending={pending} />
      <p className={styles.switch}>
        Already registered? <Link to={paths.login}>Log in</Link>
      </p>
    </form>
  );
}
