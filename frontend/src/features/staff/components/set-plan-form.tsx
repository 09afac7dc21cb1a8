import { useState } from 'react';

import { Choices } from '@/components/ui/choices';
import { TextField } from '@/components/ui/text-field';
import { formatDay } from '@/lib/format';
import type { Plan, PlanBody, SupportUser } from '@/types/api';

import { useSetPlan } from '../api/support';

import { ActionForm } from './action-form';
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

interface SetPlanFormProps {
  readonly user: SupportUser;
  /** Free is one of the plans to set: not when only an admin may take away the Premium the user pays for. */
  readonly offersFree: boolean;
}

/** Sets the plan by hand: Pro until a day (or without end), or Free. */
export function SetPlanForm({ user, offersFree }: SetPlanFormProps) {
  const { uid, email } = user.profile;
  const mutation = useSetPlan(uid);
  const [chosen, setPlan] = useState<Plan>('pro');
  // Free chosen before the user's payment came in is no longer on offer.
  const plan = offersFree ? chosen : 'pro';
  const [until, setUntil] = useState('');
  const change = describe(email, plan, until);

  return (
    <ActionForm
      title="Set the plan"
      labels={labels}
      failed="The plan was not changed."
      reviewLabel="Review the change"
      question={`Set ${change}?`}
      confirmLabel="Yes, set the plan"
      pendingLabel="Setting the plan…"
      pending={mutation.isPending}
      send={async (reason) => {
        const body: PlanBody = { plan, reason, ...(plan === 'pro' && until ? { until } : {}) };
        await mutation.mutateAsync(body);
        setUntil('');
        return `Done: set ${change}.`;
      }}
      fields={({ errors, edited }) => (
        <>
          {offersFree ? (
            <Choices
              legend="Plan"
              options={[
                ['pro', 'Pro'],
                ['free', 'Free'],
              ]}
              value={plan}
              onChange={setPlan}
            />
          ) : (
            <p className={styles.muted}>Pro only: this user pays for Premium, and only an admin can take it away.</p>
          )}
          {plan === 'pro' && (
            <TextField
              label="Last day of Pro (optional)"
              hint="Empty: Pro with no end date. The plan runs to the end of this day, UTC."
              type="date"
              min={todayUtc()}
              value={until}
              error={errors.until}
              onChange={(event) => {
                setUntil(event.target.value);
                edited('until');
              }}
            />
          )}
        </>
      )}
      note={<p className={styles.note}>This changes Lucent&apos;s record only; nothing is changed at the payment processor.</p>}
    />
  );
}
