import { useState } from 'react';
import { Link } from 'react-router-dom';

import { SupportLink } from '@/components/ui/support-link';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { isPro, useMe } from '@/lib/me';

import { confirmPayment } from '../api/billing';

import styles from './billing.module.css';

/**
 * /Payment: for someone who paid and still sees blur. Re-reads the plan, and if it is not pro
 * yet, asks the gateway to verify the last checkout session again.
 */
export function PaymentCheckPanel() {
  const { user } = useAuth();
  const { me, status, refresh } = useMe();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);

  async function check() {
    if (!user) return;
    setPending(true);
    setError(null);
    setNotFound(false);
    try {
      const latest = await refresh();
      if (isPro(latest)) return;
      const sessionId = latest?.subscription?.sessionId;
      if (!sessionId) {
        setNotFound(true);
        return;
      }
      await confirmPayment(sessionId, user.uid);
      await refresh();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setPending(false);
    }
  }

  if (status === 'loading' && !me) {
    return (
      <p className={styles.muted} role="status">
        Checking your plan…
      </p>
    );
  }

  if (isPro(me)) {
    return (
      <div className={styles.panel}>
        <p className="success-text">Your Premium subscription is active. Your images are sharp.</p>
        <p>
          <Link to={paths.generate} className="button button-primary">
            Generate an image
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className={styles.panel}>
      <p>
        Paid but your images are still blurred? We can check your last payment again. It only takes a moment.
      </p>
      {notFound && (
        <div role="alert" className="alert">
          <p>We could not find a payment for this account.</p>
          <p>
            If you were charged, email <SupportLink subject="Payment not applied" /> with the receipt.
          </p>
        </div>
      )}
      {error && (
        <div role="alert" className="alert">
          <p>{error}</p>
          <p>
            Still stuck? <Link to={paths.support}>Contact support</Link>.
          </p>
        </div>
      )}
      <div>
        <button type="button" className="button button-primary" disabled={pending} onClick={() => void check()}>
          {pending ? 'Checking…' : 'Check my payment'}
        </button>
      </div>
      <p className={styles.small}>
        Not subscribed yet? <Link to={paths.subscribe}>See Premium</Link>.
      </p>
    </div>
  );
}
