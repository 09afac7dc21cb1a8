import { useState } from 'react';
import { Link } from 'react-router-dom';

import { SuspensionNotice } from '@/components/account/suspension-notice';
import { loginHref, paths } from '@/config/paths';
import { freeAllowance, PRO_RENEWAL, proAllowance } from '@/config/plans';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { browser } from '@/lib/browser';
import { usePlans } from '@/lib/catalog';
import { isPro, useMe } from '@/lib/me';
import { useInvalidateAccount } from '@/lib/query-client';

import { createCheckout } from '../api/billing';
import { benefits, PRICE } from '../plan';

import styles from './billing.module.css';

/** Price, benefits and the pay button; a pro user is told they already have it. */
export function SubscribePanel() {
  const { user, ready } = useAuth();
  const { me, status } = useMe();
  const plans = usePlans();
  const { afterPayment, afterRefusal } = useInvalidateAccount();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pro = isPro(me);
  const suspension = me?.standing.suspension;

  async function pay() {
    setPending(true);
    setError(null);
    try {
      const { url } = await createCheckout();
      browser.assign(url);
    } catch (cause) {
      setPending(false);
      // Paid meanwhile (another tab, a webhook), or suspended since the page loaded: the fresh
      // profile replaces the button with the same news the gateway sent, so it is not said twice.
      const code = cause instanceof ApiError ? cause.code : null;
      if (code === 'already_subscribed') void afterPayment();
      else if (code === 'account_suspended') void afterRefusal();
      else setError(cause instanceof Error ? cause.message : String(cause));
    }
  }

  let action;
  if (!ready || (user && status === 'loading')) {
    action = (
      <p className={styles.muted} role="status">
        Checking your plan…
      </p>
    );
  } else if (pro) {
    action = (
      <div className={styles.already}>
        <p className="success-text">You are already subscribed to Premium.</p>
        <Link to={paths.profile}>Manage your subscription</Link>
      </div>
    );
  } else if (me && suspension) {
    // The gateway refuses a suspended account's checkout (403 account_suspended); say why first.
    action = (
      <SuspensionNotice email={me.email} suspension={suspension} label="Account suspended">
        <p>
          <strong>You cannot subscribe while your account is suspended.</strong>
        </p>
      </SuspensionNotice>
    );
  } else if (!user) {
    action = (
      <>
        <Link to={loginHref(paths.subscribe)} className={`button button-primary ${styles.pay}`}>
          Log in to subscribe
        </Link>
        <p className={styles.muted}>
          New here? <Link to={paths.register}>Create an account</Link> first.
        </p>
      </>
    );
  } else {
    action = (
      <button type="button" className={`button button-primary ${styles.pay}`} disabled={pending} onClick={() => void pay()}>
        {pending ? 'Opening checkout…' : `Pay ${PRICE} per month`}
      </button>
    );
  }

  return (
    <div className={styles.plan}>
      <div className={styles.planHead}>
        <h2 className={styles.planName}>
          Premium <span className="pro-tag">Pro</span>
        </h2>
        <p className={styles.price}>
          <span className={styles.amount}>{PRICE}</span> <span className={styles.per}>per month</span>
        </p>
      </div>
      <ul className={styles.benefits} aria-label="Premium benefits">
        {benefits(plans).map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <p className={styles.small} data-testid="plan-credits">
        Premium: {proAllowance(plans)}, {PRO_RENEWAL}. Free: {freeAllowance(plans)}.
      </p>
      {error && (
        <p role="alert" className="alert">
          {error}
        </p>
      )}
      {action}
      <p className={styles.small}>
        Cancel at any time from your profile. See the <Link to={paths.cancellation}>cancellation and refund policy</Link>.
      </p>
    </div>
  );
}
