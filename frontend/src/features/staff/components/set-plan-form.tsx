import { useId, useRef, useState, type SubmitEvent } from 'react';

import { TextField } from '@/components/ui/text-field';
import { formatDay } from '@/lib/format';
import type { Plan, PlanBody, SupportUser } from '@/types/api';

import { useSetPlan } from '../api/support';

import { ActionOutcome, checkReason, ConfirmStep, ReasonField, useActionSteps } from './action-steps';
import { Choices } from './choices';
import styles from './staff.module.css';

const labels = { until: 'The last day', reason: 'The reason' };

/** Today as the date input words it (UTC, as the gateway counts days). */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The change in words: "grace@example.com to Pro until Dec 31, 2026". */
function describe(email: string, plan: Plan, until: string): string {
  if (plan === 'free') return `${email} to Free`;
  return until ? `${email} to Pro until ${formatDay(until)}` : `${email} to Pro with no end date`;
}

/** Sets the plan by hand: Pro until a day (or without end), or Free. */
export function SetPlanForm({ user }: { readonly user: SupportUser }) {
  const { uid, email } = user.profile;
  const mutation = useSetPlan(uid);
  const form = useRef<HTMLFormElement>(null);
  const reviewButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const steps = useActionSteps(labels, 'The plan was not changed.', { form, reviewButton, confirmButton });
  const [plan, setPlan] = useState<Plan>('pro');
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const headingId = useId();
  const change = describe(email, plan, until);

  function review(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    steps.review({ reason: checkReason(reason) });
  }

  function confirm() {
    const body: PlanBody = { plan, reason: reason.trim(), ...(plan === 'pro' && until ? { until } : {}) };
    mutation.mutate(body, {
      onSuccess: () => {
        steps.succeeded(`Done: set ${change}.`);
        setUntil('');
        setReason('');
      },
      onError: (error) => {
        steps.failed(error);
      },
    });
  }

  return (
    <form ref={form} noValidate aria-labelledby={headingId} className={styles.action} onSubmit={review}>
      <h3 id={headingId} className={styles.subTitle}>
        Set the plan
      </h3>
      <fieldset disabled={steps.confirming || mutation.isPending} className={styles.fields}>
        <Choices
          legend="Plan"
          options={[
            ['pro', 'Pro'],
            ['free', 'Free'],
          ]}
          value={plan}
          onChange={setPlan}
        />
        {plan === 'pro' && (
          <TextField
            label="Last day of Pro (optional)"
            hint="Empty: Pro with no end date. The plan runs to the end of this day, UTC."
            type="date"
            min={todayUtc()}
            value={until}
            error={steps.errors.until}
            onChange={(event) => {
              setUntil(event.target.value);
              steps.edited('until');
            }}
          />
        )}
        <ReasonField
          value={reason}
          error={steps.errors.reason}
          onChange={(value) => {
            setReason(value);
            steps.edited('reason');
          }}
        />
        <p className={styles.note}>This changes Lucent&apos;s record only; nothing is changed at Stripe.</p>
        <div className={styles.buttons}>
          <button ref={reviewButton} type="submit" className="button">
            Review the change
          </button>
        </div>
      </fieldset>
      {steps.confirming && (
        <ConfirmStep
          question={`Set ${change}?`}
          confirmLabel="Yes, set the plan"
          pendingLabel="Setting the plan…"
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
