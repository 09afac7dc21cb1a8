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
  if (!subscription || present.length === 0) {
    return (
      <div>
        <dt>Subscription</dt>
        <dd>None</dd>
      </div>
    );
  }
  return present.map(([field, label, kind]) => {
    const value = subscription[field] ?? '';
    return (
      <div key={field}>
        <dt>{label}</dt>
        <dd>{kind === 'date' ? formatDateTime(value) : value}</dd>
      </div>
    );
  });
}

export function UserDetails({ user }: { readonly user: SupportUser }) {
  const { profile } = user;
  return (
    <>
      <p className={styles.why}>{user.why}</p>
      <dl className={styles.list}>
        <div>
          <dt>Username</dt>
          <dd>{profile.username}</dd>
        </div>
        <div>
          <dt>uid</dt>
          <dd className={styles.code}>{profile.uid}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>{profile.plan === 'pro' ? 'Premium (pro)' : 'Free'}</dd>
        </div>
        <div>
          <dt>Credits</dt>
          <dd>
            {profile.quota.used} of {profile.quota.limit} used · resets {formatDateTime(profile.quota.resetsAt)}
          </dd>
        </div>
        <div>
          <dt>18+</dt>
          <dd>{profile.ageConfirmed ? 'Confirmed' : 'Not confirmed'}</dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd>{formatDateTime(profile.createdAt)}</dd>
        </div>
        <SubscriptionFields subscription={profile.subscription} />
      </dl>
      <AuditTrail entries={user.audit} />
    </>
  );
}
