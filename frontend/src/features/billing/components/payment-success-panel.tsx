import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useInvalidateAccount } from '@/lib/query-client';

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
  const { afterPayment } = useInvalidateAccount();
  const confirm = useMutation({
    mutationFn: (ids: { sessionId: string; uid: string }) => confirmPayment(ids.sessionId, ids.uid),
    onSuccess: async () => {
      await afterPayment();
      onConfirmed();
    },
  });
  // Stays pending from the click until the page moves on.
  const pending = confirm.isPending || confirm.isSuccess;

  return (
    <div className={styles.panel}>
      {sessionId ? (
        <p>Thank you! Press Proceed to activate Premium on your account.</p>
      ) : (
        <p role="alert" className="alert">
          This link has no payment session, so there is nothing to confirm.
        </p>
      )}
      {confirm.error && (
        <div role="alert" className="alert">
          <p>{confirm.error.message}</p>
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
          onClick={() => {
            if (user && sessionId) confirm.mutate({ sessionId, uid: user.uid });
          }}
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
