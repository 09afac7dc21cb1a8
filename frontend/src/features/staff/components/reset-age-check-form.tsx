import type { SupportUser } from '@/types/api';

import { useResetAgeCheck } from '../api/support';

import { ActionForm } from './action-form';

const labels = { reason: 'The reason' };

interface ResetAgeCheckFormProps {
  readonly user: SupportUser;
  /** The check is reset, and this form leaves with it: the card says what was done. */
  readonly onReset: (message: string) => void;
}

/**
 * Admins only: the user is unverified again (a check approved by mistake, a shared account), and
 * explicit images wait until they verify again. The gateway checks the admin role itself.
 */
export function ResetAgeCheckForm({ user, onReset }: ResetAgeCheckFormProps) {
  const { uid, email } = user.profile;
  const mutation = useResetAgeCheck(uid);

  return (
    <ActionForm
      title="Reset the age check"
      level={4}
      labels={labels}
      failed="The age check was not reset."
      reviewLabel="Review the reset"
      question={`Reset the age check of ${email}? They become unverified: explicit images, theirs included, stay hidden from them until they verify their age again.`}
      confirmLabel="Yes, reset the age check"
      pendingLabel="Resetting the age check…"
      pending={mutation.isPending}
      send={async (reason) => {
        await mutation.mutateAsync({ reason });
        onReset(`Done: reset the age check of ${email}; they are unverified now.`);
        return null;
      }}
    />
  );
}
