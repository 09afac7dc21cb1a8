import { useState } from 'react';

import { Choices } from '@/components/ui/choices';
import type { Decision, SupportUser } from '@/types/api';

import { isNotSuspended, useDecideSuspension } from '../api/review';

import { ActionForm } from './action-form';

const labels = { reason: 'The reason' };

/** Each decision in words, for the user with `email`. */
const wording: Record<Decision, (email: string) => { question: string; confirm: string; pending: string; done: string }> = {
  lift: (email) => ({
    question: `Lift the suspension of ${email}? They can generate again, and their refusals so far stop counting.`,
    confirm: 'Yes, lift the suspension',
    pending: 'Lifting the suspension…',
    done: `Done: lifted the suspension of ${email}; they can generate again.`,
  }),
  uphold: (email) => ({
    question: `Uphold the suspension of ${email}? They still cannot generate, and the suspension shows as reviewed.`,
    confirm: 'Yes, uphold the suspension',
    pending: 'Upholding the suspension…',
    done: `Done: upheld the suspension of ${email}; they still cannot generate.`,
  }),
};

const alreadyLifted = 'The suspension was not changed: another member of staff had already lifted it.';

interface SuspensionFormProps {
  readonly user: SupportUser;
  /** The suspension is gone, and this form with it: the card says what happened. */
  readonly onGone: (message: string) => void;
}

/** Staff decide on a suspension the content rules made: lift it, or uphold it as reviewed. */
export function SuspensionForm({ user, onGone }: SuspensionFormProps) {
  const { uid, email } = user.profile;
  const mutation = useDecideSuspension(uid);
  // Keeping the suspension is the decision that changes nothing the user can do.
  const [decision, setDecision] = useState<Decision>('uphold');
  const words = wording[decision](email);

  return (
    <ActionForm
      title="Lift or uphold the suspension"
      level={4}
      labels={labels}
      failed="The suspension was not changed."
      reviewLabel="Review the decision"
      question={words.question}
      confirmLabel={words.confirm}
      pendingLabel={words.pending}
      pending={mutation.isPending}
      send={async (reason) => {
        try {
          await mutation.mutateAsync({ decision, reason });
        } catch (error) {
          // The card reloads without the suspension (see useDecideSuspension).
          if (isNotSuspended(error)) onGone(alreadyLifted);
          throw error;
        }
        if (decision === 'lift') onGone(words.done);
        return words.done;
      }}
      fields={() => (
        <Choices
          legend="Decision"
          options={[
            ['uphold', 'Uphold: they stay suspended, reviewed'],
            ['lift', 'Lift: they can generate again'],
          ]}
          value={decision}
          onChange={setDecision}
        />
      )}
    />
  );
}
