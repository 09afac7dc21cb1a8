import { useRef, useState, type SubmitEvent } from 'react';

import { DeletionList, unfinishedDeletion } from '@/components/account/account-deletion';
import { Modal } from '@/components/ui/modal';
import modal from '@/components/ui/modal.module.css';
import { TextField } from '@/components/ui/text-field';
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
  const emailRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount(onDeleted);
  // Until the answer is in, leaving would hide whether the account is gone.
  const busy = remove.isPending;
  const onField = invalidField(remove.error);
  const fieldError = onField?.field === 'email' ? onField.problem : null;

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
    <Modal
      title="Delete your account?"
      description={
        <>
          <p>This is done at once and cannot be undone. What goes:</p>
          <DeletionList whose="yours" />
          <p>
            What may be kept: if our staff are reviewing this account under the content rules, its images and refused
            requests stay until the review ends; and a note that the account was deleted, without any prompt, stays in
            our audit trail.
          </p>
        </>
      }
      descriptionClassName={styles.dialogText}
      initialFocus={emailRef}
      onEscape={() => {
        if (!busy) onCancel();
      }}
      className={styles.dialog}
    >
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
    </Modal>
  );
}
