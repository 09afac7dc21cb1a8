import type { ReactNode } from 'react';

import { Detail } from '@/components/ui/detail';
import details from '@/components/ui/details.module.css';
import { formatDateTime } from '@/lib/format';
import type { AccountDeleted, ProviderView, Quota, Subscription, SupportUser } from '@/types/api';

import { AgeCheckPart } from './age-check-part';
import { AuditTrail } from './audit-trail';
import { CardActions } from './card-actions';
import { ContentRules } from './content-rules';
import { SalesDetail } from './sales-detail';
import styles from './staff.module.css';
import { UserImages } from './user-images';

// The subscription record as stored, in the order support reads it; timestamps are ms.
const subscriptionFields: readonly [Exclude<keyof Subscription, 'sales'>, string, 'date'?][] = [
  ['planType', 'Plan type'],
  ['status', 'Status'],
  ['currentPeriodEnd', 'Current period ends', 'date'],
  ['customerId', 'Customer at the processor'],
  ['subscriptionId', 'Subscription at the processor'],
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

/** The processor the gateway asked (`stripe`, `verotel` or `test`), as support reads its name. */
function processorName(processor: string): string {
  switch (processor) {
    case 'stripe':
      return 'Stripe';
    case 'verotel':
      return 'Verotel';
    case 'test':
      return 'Test checkout';
    default:
      return processor;
  }
}

/** The processor's own view of the subscription, with a warning wherever the record may be wrong. */
function ProviderDetail({ provider }: { readonly provider: ProviderView }) {
  const name = processorName(provider.processor);
  const label = `${name} now`;
  if (provider.state === 'none') {
    return <Detail label={label}>Nothing to ask: the record names no {name} subscription</Detail>;
  }
  if (provider.state === 'missing') {
    return (
      <Detail label={label}>
        <Warning>{name} has no subscription with the recorded id. The record may be wrong.</Warning>
      </Detail>
    );
  }
  if (provider.state === 'unreachable') {
    return (
      <Detail label={label}>
        <Warning>
          {name} could not be asked{provider.message ? ` (${provider.message})` : ''}, so what it says now is unknown.
          The record may be out of date.
        </Warning>
      </Detail>
    );
  }
  const end = provider.currentPeriodEnd == null ? '' : `, period ends ${formatDateTime(provider.currentPeriodEnd)}`;
  return (
    <Detail label={label}>
      {provider.status ?? 'no status'}
      {end}
      {!provider.matchesRecord && (
        <Warning>
          {name} does not match the record above (its status or period end differ): a missed webhook, or a plan set by
          hand.
        </Warning>
      )}
    </Detail>
  );
}

function Warning({ children }: { readonly children: ReactNode }) {
  return (
    <span className={styles.warning}>
      <strong>Warning:</strong> {children}
    </span>
  );
}

function credits(quota: Quota): string {
  const bonus = quota.bonus > 0 ? ` (incl. ${String(quota.bonus)} bonus)` : '';
  return `${String(quota.used)} of ${String(quota.limit)} used${bonus} · resets ${formatDateTime(quota.resetsAt)}`;
}

interface UserDetailsProps {
  readonly user: SupportUser;
  /** The open user is the signed-in staff member, whose own record staff may not change. */
  readonly own: boolean;
  /** The account was deleted from this card. */
  readonly onDeleted: (deleted: AccountDeleted) => void;
}

export function UserDetails({ user, own, onDeleted }: UserDetailsProps) {
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
        <Detail label="Credits">{credits(profile.quota)}</Detail>
        <Detail label="18+">{profile.ageConfirmed ? 'Confirmed' : 'Not confirmed'}</Detail>
        <Detail label="Joined">{formatDateTime(profile.createdAt)}</Detail>
        <SubscriptionFields subscription={profile.subscription} />
        <SalesDetail sales={profile.subscription?.sales} />
        <ProviderDetail provider={user.provider} />
      </dl>
      {own && (
        <p className="notice">
          This is your own record: staff cannot change their own plan, credits, suspension, refusals, age check or
          images, nor delete their own account here. Ask another member of staff.
        </p>
      )}
      <ContentRules user={user} own={own} />
      <AgeCheckPart user={user} own={own} />
      {!own && <CardActions user={user} onDeleted={onDeleted} />}
      <AuditTrail entries={user.audit} />
      <UserImages user={user} own={own} />
    </>
  );
}
