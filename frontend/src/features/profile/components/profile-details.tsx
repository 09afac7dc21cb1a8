import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { AccountStanding } from '@/components/account/account-standing';
import details from '@/components/ui/details.module.css';
import { paths } from '@/config/paths';
import { freeAllowance, PRO_RENEWAL, proAllowance } from '@/config/plans';
import { mustVerifyAge } from '@/lib/age-check';
import { browser } from '@/lib/browser';
import { usePlans } from '@/lib/catalog';
import { signOut } from '@/lib/firebase';
import { formatDateTime } from '@/lib/format';
import { creditsLeft, isPro, useMe } from '@/lib/me';

import { openBillingPortal } from '../api/portal';

import { AgeCheckDetail, AgeCheckNext } from './age-check';
import styles from './profile.module.css';

/** Credits support added for this period, already counted in the limit. */
function bonusCredits(count: number): string {
  return `${String(count)} bonus credit${count === 1 ? '' : 's'}`;
}

interface ProfileDetailsProps {
  readonly onSignedOut: () => void;
  /** The email's line: whether it is verified and the way to verify it (the auth feature's). */
  readonly emailLine: (email: string, onVerified: () => void) => ReactNode;
}

export function ProfileDetails({ onSignedOut, emailLine }: ProfileDetailsProps) {
  const { me, status, error, retry } = useMe();
  const plans = usePlans();
  const [portalPending, setPortalPending] = useState(false);
  const [portalError, setPortalError] = useState<string | null>(null);

  async function manage() {
    setPortalPending(true);
    setPortalError(null);
    try {
      const { url } = await openBillingPortal();
      browser.assign(url);
    } catch (cause) {
      setPortalError(cause instanceof Error ? cause.message : String(cause));
      setPortalPending(false);
    }
  }

  async function logOut() {
    await signOut();
    onSignedOut();
  }

  const signOutButton = (
    <button type="button" className="button" onClick={() => void logOut()}>
      Sign out
    </button>
  );

  if (!me) {
    return (
      <div className={styles.card}>
        {status === 'error' ? (
          <div role="alert" className="alert">
            <p>Your profile could not be loaded: {error}</p>
            <button type="button" className="button button-small" onClick={retry}>
              Try again
            </button>
          </div>
        ) : (
          <p role="status">Loading your profile…</p>
        )}
        {signOutButton}
      </div>
    );
  }

  const pro = isPro(me);
  const period = me.subscription?.currentPeriodEnd;

  return (
    <div className={styles.card}>
      <AccountStanding me={me} />
      <dl className={details.list}>
        <div>
          <dt>Name</dt>
          <dd>{me.username}</dd>
        </div>
        {emailLine(me.email, retry)}
        <div>
          <dt>Plan</dt>
          <dd data-testid="profile-plan">
            {pro ? (
              <>
                Premium <span className="pro-tag">Pro</span> · {proAllowance(plans)}, {PRO_RENEWAL}
              </>
            ) : (
              `Free · ${freeAllowance(plans)}`
            )}
          </dd>
        </div>
        {pro && me.subscription?.status && (
          <div>
            <dt>Subscription</dt>
            <dd>
              {me.subscription.status}
              {period ? ` · current period ends ${formatDateTime(period)}` : ''}
            </dd>
          </div>
        )}
        <div>
          <dt>Credits</dt>
          <dd data-testid="profile-credits">
            {me.quota.used} of {me.quota.limit} used · {creditsLeft(me)} left · resets {formatDateTime(me.quota.resetsAt)}
            {me.quota.bonus > 0 && ` · including ${bonusCredits(me.quota.bonus)} from support`}
          </dd>
        </div>
        {/* Nothing of it where this server does not check ages. */}
        {me.ageCheck.required && <AgeCheckDetail ageCheck={me.ageCheck} />}
      </dl>
      {mustVerifyAge(me) && <AgeCheckNext me={me} />}

      {portalError && (
        <p role="alert" className="alert">
          {portalError}
        </p>
      )}

      <div className={styles.actions}>
        {pro ? (
          <button type="button" className="button button-primary" disabled={portalPending} onClick={() => void manage()}>
            {portalPending ? 'Opening…' : 'Manage subscription'}
          </button>
        ) : (
          <Link to={paths.subscribe} className="button button-primary">
            Upgrade to Premium
          </Link>
        )}
        <Link to={paths.generation} className="button">
          Your images
        </Link>
        {signOutButton}
      </div>
      {!pro && (
        <p className={styles.small}>
          Paid but still on Free? <Link to={paths.payment}>Confirm your payment</Link>.
        </p>
      )}
    </div>
  );
}
