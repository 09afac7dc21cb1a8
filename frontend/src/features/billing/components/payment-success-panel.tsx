import { useState } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useMe } from '@/lib/me';

import { confirmPayment } from '../api/billing';

import styles from './billing.module.css';

interface PaymentSuccessPanelProps {
  /** `session_id` from the URL Stripe (or the test checkout) sent the browser to. */
  readonly sessionId: string | null;
  /** The payment is confirmed and the profile reloaded. */
  readonly onConfirmed: () => void;
}

export function PaymentSuccessPanel({ sessionId, onConfirmed }: PaymentSuccessPanelProps) {
  const { user } = useAuth();
  const { refresh } = useMe();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function proceed() {
    if (!user || !sessionId) return;
    setPending(true);
    setError(null);
    try {
      await confirmPayment(sessionId, user.uid);
      await refresh();
      onConfirmed();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
      setPending(false);
    }
  }

  return (
    <div className={styles.panel}>
      {sessionId ? (
        <p>Thank you! Press Proceed to activate Premium on your account.</p>
      ) : (
        <p role="alert" className="alert">
          This link has no payment session, so there is nothing to confirm.
        </p>
      )}
      {error && (
        <div role="alert" className="alert">
          <p>{error}</p>
          <p>
            If you were charged, <Link to={paths.support}>contact support</Link> and we will sort it out.
          </p>
        </div>
      )}
      <div>
        <button
          type="button"
          className="button button-primary"
          disabled={pending || !sessionId}
          onClick={() => void proceed()}
        >
          {pending ? 'Confirming…' : 'Proceed'}
        </button>
      </div>
      {!sessionId && (
        <p className={styles.small}>
          Need help? <Link to={paths.support}>Contact support</Link>.
        </p>
      )}
    </div>
  );
}
