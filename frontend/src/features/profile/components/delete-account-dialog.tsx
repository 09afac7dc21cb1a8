import { useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';

import { DeletionList, unfinishedDeletion } from '@/components/ui/account-deletion';
import modal from '@/components/ui/modal.module.css';
import { TextField } from '@/components/ui/text-field';
import { useModalFocus } from '@/hooks/use-modal-focus';
import { invalidField } from '@/lib/api-client';
import type { AccountDeleted } from '@/types/api';

import { useDeleteAccount } from '../hooks/use-account';

import styles from './profile.module.css';

/** As the gateway compares them: whatever the case, without the spaces around. */
function sameEmail(typed: string, email: string | null): boolean {
  return email !== null && typed.trim().toLowerCase() === email.trim().toLowerCase();
}

interface DeleteAccountDialogProps {
  /** The signed-in account's email, which must be typed to confirm. */
  readonly email: string | null;
  readonly onCancel: () => void;
  readonly onDeleted: (deleted: AccountDeleted) => void;
}

export function DeleteAccountDialog({ email, onCancel, onDeleted }: DeleteAccountDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  useModalFocus(dialogRef, emailRef);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount(onDeleted);
  // Until the answer is in, leaving would hide whether the account is gone.
  const busy = remove.isPending;
  const onField = invalidField(remove.error);
  const fieldError = onField?.field === 'email' ? onField.problem : null;

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && !busy) onCancel();
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sameEmail(typed, email) || busy) return;
    remove.mutate(typed.trim(), {
      // The field says what is wrong; it is read out where the focus lands.
      onError: (error) => {
        if (invalidField(error)?.field === 'email') emailRef.current?.focus();
      },
    });
  }

  return (
    <div className={modal.modalBackdrop}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        tabIndex={-1}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className={`${modal.modal} ${styles.dialog}`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`}>Delete your account?</h2>
        <div id={`${id}-text`} className={styles.dialogText}>
          <p>This is done at once and cannot be undone. What goes:</p>
          <DeletionList whose="yours" />
          <p>
            What may be kept: if our staff are reviewing this account under the content rules, its images and refused
            requests stay until the review ends; and a note that the account was deleted, without any prompt, stays in
            our audit trail.
          </p>
        </div>
        <form className={styles.dialogForm} onSubmit={submit} noValidate>
          <TextField
            ref={emailRef}
            label="Your account's email"
            hint={email ? `Type ${email} to confirm.` : undefined}
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            error={fieldError}
            onChange={(event) => {
              setTyped(event.target.value);
              if (remove.isError) remove.reset();
            }}
          />
          {remove.error && !fieldError && (
            <p role="alert" className="alert">
              {unfinishedDeletion(remove.error) ?? remove.error.message}
            </p>
          )}
          <div className={modal.modalActions}>
            <button type="button" className="button" disabled={busy} onClick={onCancel}>
              Cancel
            </button>
            <button type="submit" className="button button-danger" disabled={!sameEmail(typed, email) || busy}>
              {busy ? 'Deleting…' : 'Yes, delete my account'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
