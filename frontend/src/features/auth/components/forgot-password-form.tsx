import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import { requestPasswordReset } from '../api/password-reset';
import { authErrorMessage } from '../auth-errors';
import { validateEmail } from '../validation';

import { EmailField } from './auth-fields';
import styles from './auth-form.module.css';
import { FormSubmit } from './form-submit';

/** The same words whether or not the address has an account. */
export const RESET_SENT =
  'If an account exists for that email, we sent a link to choose a new password. It can take a few minutes to arrive; check your spam folder too.';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = useMutation({ mutationFn: requestPasswordReset });

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateEmail(email);
    setInvalid(problem);
    if (!problem) send.mutate(email);
  }

  if (send.isSuccess) {
    return (
      <div className={styles.form}>
        <p role="status">{RESET_SENT}</p>
        <p className={styles.switch}>
          <Link to={paths.login}>Back to login</Link>
        </p>
      </div>
    );
  }

  return (
    // noValidate: the product's own messages replace the browser's.
    <form className={styles.form} onSubmit={submit} noValidate>
      <EmailField value={email} onChange={setEmail} />
      <FormSubmit
        error={invalid ?? (send.error ? authErrorMessage(send.error) : null)}
        label="Send reset link"
        pendingLabel="Sending…"
        pending={send.isPending}
      />
      <p className={styles.switch}>
        Remembered it? <Link to={paths.login}>Log in</Link>
      </p>
    </form>
  );
}
