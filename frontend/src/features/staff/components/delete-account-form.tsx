import { DeletionList, unfinishedDeletion } from '@/components/account/account-deletion';
import type { AccountDeleted, SupportUser } from '@/types/api';

import { useDeleteUser } from '../api/support';

import { ActionForm } from './action-form';
import styles from './staff.module.css';

const labels = { reason: 'The reason' };

interface DeleteAccountFormProps {
  readonly user: SupportUser;
  /** The account is gone, and this form with the card it was on: the card says what was kept. */
  readonly onDeleted: (deleted: AccountDeleted) => void;
}

/** Deletes the user's account as its owner could from their profile, with a reason. */
export function DeleteAccountForm({ user, onDeleted }: DeleteAccountFormProps) {
  const { uid, email } = user.profile;
  const mutation = useDeleteUser(uid, onDeleted);

  return (
    <ActionForm
      title="Delete this account"
      labels={labels}
      failed="The account was not deleted."
      reviewLabel="Review the deletion"
      question={`Delete the account of ${email} (${uid}) for good? This cannot be undone.`}
      details={
        <>
          <p>What goes, at once:</p>
          <DeletionList whose="theirs" />
          <p>
            What may be kept: if the content rules hold the account for review, its images, refused requests and profile
            stay until the review ends. The audit trail keeps the deletion, with your reason.
          </p>
        </>
      }
      confirmLabel={`Delete ${email}'s account`}
      pendingLabel="Deleting the account…"
      pending={mutation.isPending}
      danger
      send={async (reason) => {
        try {
          await mutation.mutateAsync(reason);
        } catch (error) {
          // Staff's usual "try again in a moment" would undersell it: asking again is what
          // finishes a deletion stopped halfway.
          const unfinished = error instanceof Error ? unfinishedDeletion(error) : null;
          throw unfinished ? new Error(unfinished) : error;
        }
        return null;
      }}
      note={
        <p className={styles.note}>
          Everything goes at once, as when the owner deletes it: the subscription, every image and record, and the
          sign-in.
        </p>
      }
    />
  );
}
