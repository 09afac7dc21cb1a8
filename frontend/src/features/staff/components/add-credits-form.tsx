import { useState } from 'react';

import { TextField } from '@/components/ui/text-field';
import { formatDateTime } from '@/lib/format';
import type { SupportUser } from '@/types/api';

import { useAddCredits } from '../api/support';

import { ActionForm } from './action-form';

/** The gateway's limit for one grant (CreditsBody: 1 to 500). */
const MOST = 500;
const labels = { credits: 'The number of credits', reason: 'The reason' };

function checkCredits(value: string): string | undefined {
  const count = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  return count >= 1 && count <= MOST ? undefined : `The number of credits must be 1 to ${String(MOST)}.`;
}

const plural = (count: number) => `${String(count)} bonus credit${count === 1 ? '' : 's'}`;

/** Adds bonus credits to the user's current period, on top of the plan's. */
export function AddCreditsForm({ user }: { readonly user: SupportUser }) {
  const { uid, email, quota } = user.profile;
  const mutation = useAddCredits(uid);
  const [credits, setCredits] = useState('');
  const count = Number(credits);
  const ends = formatDateTime(quota.resetsAt);

  return (
    <ActionForm
      title="Add bonus credits"
      labels={labels}
      failed="No credits were added."
      reviewLabel="Review the credits"
      question={`Add ${plural(count)} to ${email} for the current period (it ends ${ends})?`}
      confirmLabel="Yes, add the credits"
      pendingLabel="Adding the credits…"
      pending={mutation.isPending}
      check={() => ({ credits: checkCredits(credits) })}
      send={async (reason) => {
        await mutation.mutateAsync({ credits: count, reason });
        setCredits('');
        return `Done: added ${plural(count)} to ${email}.`;
      }}
      fields={({ errors, edited }) => (
        <TextField
          label="Bonus credits"
          hint={`1 to ${String(MOST)}, on top of the plan's, for the current period only (it ends ${ends}).`}
          type="number"
          inputMode="numeric"
          min={1}
          max={MOST}
          step={1}
          value={credits}
          error={errors.credits}
          onChange={(event) => {
            setCredits(event.target.value);
            edited('credits');
          }}
        />
      )}
    />
  );
}
