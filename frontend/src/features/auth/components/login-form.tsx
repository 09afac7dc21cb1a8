import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { signIn } from '@/lib/firebase';

import { authErrorMessage } from '../auth-errors';
import { validateLogin } from '../validation';

import { EmailField, PasswordField } from './auth-fields';
import styles from './auth-form.module.css';
import { FormSubmit } from './form-submit';

export function LoginForm({ onSuccess }: { readonly onSuccess: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateLogin(email, password);
    setError(invalid);
    if (invalid) return;

    setPending(true);
    try {
      await signIn(email.trim(), password);
      onSuccess();
    } catch (cause) {
      setError(`Login Error: ${authErrorMessage(cause)}`);
      setPending(false);
    }
  }

  return (
    // noValidate: the product's own messages (docs/product.md, Registration and Login) replace
    // the browser's.
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <EmailField value={email} onChange={setEmail} />
      <PasswordField value={password} onChange={setPassword} />
      <p className={styles.aside}>
        <Link to={paths.forgotPassword}>Forgot password?</Link>
      </p>
      <FormSubmit error={error} label="Login" pendingLabel="Logging in…" pending={pending} />
      <p className={styles.switch}>
        New to Lucent? <Link to={paths.register}>Create an account</Link>
      </p>
    </form>
  );
}
