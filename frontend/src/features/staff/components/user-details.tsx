import { Detail } from '@/components/ui/detail';
import details from '@/components/ui/details.module.css';
import { formatDateTime } from '@/lib/format';
import type { Subscription, SupportUser } from '@/types/api';

import { AuditTrail } from './audit-trail';
import styles from './staff.module.css';

// The subscription record as stored, in the order support reads it; timestamps are ms.
const subscriptionFields: readonly [keyof Subscription, string, 'date'?][] = [
  ['planType', 'Plan type'],
  ['status', 'Status'],
  ['currentPeriodEnd', 'Current period ends', 'date'],
  ['customerId', 'Stripe customer'],
  ['subscriptionId', 'Stripe subscription'],
  ['sessionId', 'Checkout session'],
  ['updatedAt', 'Updated', 'date'],
];

function SubscriptionFields({ subscription }: { readonly subscription: Subscription | null | undefined }) {
  const present = subscriptionFields.filter(([field]) => subscription?.[field] != null);
  if (!subscription || present.length === 0) return <Detail label="Subscription">None</Detail>;
  return present.map(([field, label, kind]) => {
    const value = subscription[field] ?? '';
    return (
      <Detail key={field} label={label}>
        {kind === 'date' ? formatDateTime(value) : value}
      </Detail>
    );
  });
}

export function UserDetails({ user }: { readonly user: SupportUser }) {
  const { profile } = user;
  return (
    <>
      <p className={styles.why}>{user.why}</p>
      <dl className={details.list}>
        <Detail label="Username">{profile.username}</Detail>
        <Detail label="uid">
          <span className={styles.code}>{profile.uid}</span>
        </Detail>
        <Detail label="Plan">{profile.plan === 'pro' ? 'Premium (pro)' : 'Free'}</Detail>
        <Detail label="Credits">
          {profile.quota.used} of {profile.quota.limit} used · resets {formatDateTime(profile.quota.resetsAt)}
        </Detail>
        <Detail label="18+">{profile.ageConfirmed ? 'Confirmed' : 'Not confirmed'}</Detail>
        <Detail label="Joined">{formatDateTime(profile.createdAt)}</Detail>
        <SubscriptionFields subscription={profile.subscription} />
      </dl>
      <AuditTrail entries={user.audit} />
    </>
  );
}
