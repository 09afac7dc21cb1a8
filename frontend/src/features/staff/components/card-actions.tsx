import { useId, type ReactNode } from 'react';

import type { AccountDeleted, SupportUser } from '@/types/api';

import { useAdminOnly } from '../hooks/use-admin-only';

import { AddCreditsForm } from './add-credits-form';
import { DeleteAccountForm } from './delete-account-form';
import { GrantsLeft } from './grants-left';
import { SetPlanForm } from './set-plan-form';
import styles from './staff.module.css';

/** Where an action's form would be: its title, and why only an admin may take it. */
function AdminOnlyAction({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.action}>
      <h3 id={headingId} className={styles.subTitle}>
        {title}
      </h3>
      <p className={styles.muted}>{children}</p>
    </section>
  );
}

interface CardActionsProps {
  readonly user: SupportUser;
  /** The account was deleted from this card. */
  readonly onDeleted: (deleted: AccountDeleted) => void;
}

/**
 * The changes by hand to someone else's account: its plan, bonus credits, its deletion. Support
 * is not offered what only an admin may do there (a colleague's account, or Premium that is paid
 * for): the card says why instead, as the gateway would refuse it.
 */
export function CardActions({ user, onDeleted }: CardActionsProps) {
  const adminOnly = useAdminOnly(user);
  if (adminOnly.staffAccount) {
    return (
      <p className="notice">
        This is a staff member’s account: only an admin can change its plan or credits, or delete it.
      </p>
    );
  }
  return (
    <>
      <GrantsLeft />
      <div className={styles.actions}>
        <SetPlanForm user={user} offersFree={!adminOnly.paysForPremium} />
        <AddCreditsForm user={user} />
        {adminOnly.paysForPremium ? (
          <AdminOnlyAction title="Delete this account">
            This user pays for Premium: only an admin can delete their account.
          </AdminOnlyAction>
        ) : (
          <DeleteAccountForm user={user} onDeleted={onDeleted} />
        )}
      </div>
    </>
  );
}
