import { useState } from 'react';

import { Choices } from '@/components/ui/choices';
import { TextField } from '@/components/ui/text-field';
import type { RoleBody } from '@/types/api';

import { useSetRole } from '../api/support';

import { ActionForm } from './action-form';
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
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('support');
  const [granted, setGranted] = useState(true);
  const who = email.trim();
  const change = granted
    ? `Give ${who} the ${roleNames[role]} role`
    : `Take the ${roleNames[role]} role from ${who}`;

  return (
    <section aria-label="Staff roles" className={styles.card}>
      <ActionForm
        title="Staff roles"
        level={2}
        labels={labels}
        failed="No role was changed."
        reviewLabel="Review the role change"
        question={`${change}?`}
        confirmLabel="Yes, change the role"
        pendingLabel="Changing the role…"
        pending={mutation.isPending}
        check={() => ({ email: checkEmail(email) })}
        send={async (reason) => {
          const account = await mutation.mutateAsync({ email: who, role, granted, reason });
          setEmail('');
          const now = [account.support && 'Support', account.admin && 'Admin'].filter(Boolean).join(' and ');
          return `Done: ${account.email} now has ${now ? `the ${now} role` : 'no staff role'}.`;
        }}
        fields={({ errors, edited }) => (
          <>
            <TextField
              label="Account email"
              hint="The person signs in with their own Lucent account; the change applies to their next request."
              type="email"
              autoComplete="off"
              value={email}
              error={errors.email}
              onChange={(event) => {
                setEmail(event.target.value);
                edited('email');
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
          </>
        )}
      />
    </section>
  );
}
