import { useId, useRef, useState, type SubmitEvent } from 'react';

import { TextField } from '@/components/ui/text-field';
import { formatDateTime } from '@/lib/format';
import type { SupportUser } from '@/types/api';

import { useAddCredits } from '../api/support';

import { ActionOutcome, checkReason, ConfirmStep, ReasonField, useActionSteps } from './action-steps';
import styles from './staff.module.css';

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
  const form = useRef<HTMLFormElement>(null);
  const reviewButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const steps = useActionSteps(labels, 'No credits were added.', { form, reviewButton, confirmButton });
  const [credits, setCredits] = useState('');
  const [reason, setReason] = useState('');
  const headingId = useId();
  const count = Number(credits);
  const ends = formatDateTime(quota.resetsAt);

  function review(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    steps.review({ credits: checkCredits(credits), reason: checkReason(reason) });
  }

  function confirm() {
    mutation.mutate(
      { credits: count, reason: reason.trim() },
      {
        onSuccess: () => {
          steps.succeeded(`Done: added ${plural(count)} to ${email}.`);
          setCredits('');
          setReason('');
        },
        onError: (error) => {
          steps.failed(error);
        },
      },
    );
  }

  return (
    <form ref={form} noValidate aria-labelledby={headingId} className={styles.action} onSubmit={review}>
      <h3 id={headingId} className={styles.subTitle}>
        Add bonus credits
      </h3>
      <fieldset disabled={steps.confirming || mutation.isPending} className={styles.fields}>
        <TextField
          label="Bonus credits"
          hint={`1 to ${String(MOST)}, on top of the plan's, for the current period only (it ends ${ends}).`}
          type="number"
          inputMode="numeric"
          min={1}
          max={MOST}
          step={1}
          value={credits}
          error={steps.errors.credits}
          onChange={(event) => {
            setCredits(event.target.value);
            steps.edited('credits');
          }}
        />
        <ReasonField
          value={reason}
          error={steps.errors.reason}
          onChange={(value) => {
            setReason(value);
            steps.edited('reason');
          }}
        />
        <div className={styles.buttons}>
          <button ref={reviewButton} type="submit" className="button">
            Review the credits
          </button>
        </div>
      </fieldset>
      {steps.confirming && (
        <ConfirmStep
          question={`Add ${plural(count)} to ${email} for the current period (it ends ${ends})?`}
          confirmLabel="Yes, add the credits"
          pendingLabel="Adding the credits…"
          pending={mutation.isPending}
          confirmRef={confirmButton}
          onConfirm={confirm}
          onCancel={steps.cancel}
        />
      )}
      <ActionOutcome formError={steps.formError} done={steps.done} />
    </form>
  );
}
