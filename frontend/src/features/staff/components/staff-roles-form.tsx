import { useId, useRef, useState, type SubmitEvent } from 'react';

import { TextField } from '@/components/ui/text-field';
import type { RoleBody } from '@/types/api';

import { useSetRole } from '../api/support';

import { ActionOutcome, checkReason, ConfirmStep, ReasonField, useActionSteps } from './action-steps';
import { Choices } from './choices';
import styles from './staff.module.css';

const labels = { email: 'The email', reason: 'The reason' };

type Role = RoleBody['role'];
const roleNames: Record<Role, string> = { support: 'Support', admin: 'Admin' };

function checkEmail(email: string): string | undefined {
  return /^\S+@\S+$/.test(email.trim()) ? undefined : 'The email must be an account’s email address.';
}

/**
 * Admins only: give or take a console role, by the account's email. The gateway checks the
 * admin role on the account itself and refuses a change to one's own roles.
 */
export function StaffRolesForm() {
  const mutation = useSetRole();
  const form = useRef<HTMLFormElement>(null);
  const reviewButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const steps = useActionSteps(labels, 'No role was changed.', { form, reviewButton, confirmButton });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('support');
  const [granted, setGranted] = useState(true);
  const [reason, setReason] = useState('');
  const headingId = useId();
  const who = email.trim();
  const change = granted
    ? `Give ${who} the ${roleNames[role]} role`
    : `Take the ${roleNames[role]} role from ${who}`;

  function review(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    steps.review({ email: checkEmail(email), reason: checkReason(reason) });
  }

  function confirm() {
    mutation.mutate(
      { email: who, role, granted, reason: reason.trim() },
      {
        onSuccess: (account) => {
          const now = [account.support && 'Support', account.admin && 'Admin'].filter(Boolean).join(' and ');
          steps.succeeded(`Done: ${account.email} now has ${now ? `the ${now} role` : 'no staff role'}.`);
          setEmail('');
          setReason('');
        },
        onError: (error) => {
          steps.failed(error);
        },
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className={styles.card}>
      <form ref={form} noValidate aria-labelledby={headingId} className={styles.action} onSubmit={review}>
        <h2 id={headingId} className={styles.cardTitle}>
          Staff roles
        </h2>
        <fieldset disabled={steps.confirming || mutation.isPending} className={styles.fields}>
          <TextField
            label="Account email"
            hint="The person signs in with their own Lucent account; the change applies to their next request."
            type="email"
            autoComplete="off"
            value={email}
            error={steps.errors.email}
            onChange={(event) => {
              setEmail(event.target.value);
              steps.edited('email');
            }}
          />
          <Choices
            legend="Role"
            options={[
              ['support', 'Support'],
              ['admin', 'Admin'],
            ]}
            value={role}
            onChange={setRole}
          />
          <Choices
            legend="Change"
            options={[
              ['grant', 'Grant'],
              ['revoke', 'Revoke'],
            ]}
            value={granted ? 'grant' : 'revoke'}
            onChange={(value) => {
              setGranted(value === 'grant');
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
              Review the role change
            </button>
          </div>
        </fieldset>
        {steps.confirming && (
          <ConfirmStep
            question={`${change}?`}
            confirmLabel="Yes, change the role"
            pendingLabel="Changing the role…"
            pending={mutation.isPending}
            confirmRef={confirmButton}
            onConfirm={confirm}
            onCancel={steps.cancel}
          />
        )}
        <ActionOutcome formError={steps.formError} done={steps.done} />
      </form>
    </section>
  );
}
