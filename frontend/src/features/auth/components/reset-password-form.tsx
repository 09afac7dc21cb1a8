import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { verifyPasswordResetCode } from '@/lib/firebase';

import { completePasswordReset } from '../api/password-reset';
import { authErrorMessage } from '../auth-errors';
import { validatePassword } from '../validation';

import { PasswordField } from './auth-fields';
import styles from './auth-form.module.css';
import { FormError } from './form-error';
import { FormSubmit } from './form-submit';

interface ResetPasswordFormProps {
  /** The reset link's `oobCode`; null when the page was opened without one. */
  readonly oobCode: string | null;
  /** The password is changed and the user signed in with it. */
  readonly onSignedIn: () => void;
}

function RequestAnother({ lead }: { readonly lead: string }) {
  return (
    <p className={styles.switch}>
      {lead} <Link to={paths.forgotPassword}>Request a new link</Link> or <Link to={paths.login}>log in</Link>.
    </p>
  );
}

/** Completes a password reset from the emailed link: checks its code, then sets the new password. */
export function ResetPasswordForm({ oobCode, onSignedIn }: ResetPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const link = useQuery({
    queryKey: ['password-reset', oobCode],
    queryFn: () => verifyPasswordResetCode(oobCode ?? ''),
    enabled: oobCode !== null,
    // A code is used up by the reset: never answer from an earlier check.
    gcTime: 0,
    retry: false,
  });
  const reset = useMutation({
    mutationFn: (email: string) => completePasswordReset(oobCode ?? '', email, password),
    onSuccess: (signedIn) => {
      if (signedIn) onSignedIn();
    },
  });

  if (oobCode === null) {
    return (
      <div className={styles.form}>
        <p>This page finishes a password reset: open it from the link in the email we sent you.</p>
        <RequestAnother lead="No email, or already changed your password?" />
      </div>
    );
  }

  if (link.isPending) {
    return (
      <p className={styles.form} role="status">
        Checking your link…
      </p>
    );
  }

  if (link.isError) {
    return (
      <div className={styles.form}>
        <FormError message={authErrorMessage(link.error)} />
        <RequestAnother lead="Need another?" />
      </div>
    );
  }

  // Changed, but signing in with it failed: the login page takes it from here.
  if (reset.data === false) {
    return (
      <div className={styles.form}>
        <p role="status">Your password was changed.</p>
        <Link to={paths.login} className="button button-primary">
          Log in with your new password
        </Link>
      </div>
    );
  }

  const email = link.data;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validatePassword(password);
    setInvalid(problem);
    if (!problem) reset.mutate(email);
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p>
        Choose a new password for <strong>{email}</strong>.
      </p>
      {/* Tells password managers which account the new password is for. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <PasswordField label="New password" chosen value={password} onChange={setPassword} />
      <FormSubmit
        error={invalid ?? (reset.error ? authErrorMessage(reset.error) : null)}
        label="Save new password"
        pendingLabel="Saving…"
        // Once saved, busy until the page moves on (signed in, or the way to the login page).
        pending={reset.isPending || reset.isSuccess}
      />
      {reset.error && <RequestAnother lead="Link no longer working?" />}
    </form>
  );
}
