import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';

import { PaymentNotConfirmedYet, usePaymentConfirmation } from '../hooks/use-payment-confirmation';

import styles from './billing.module.css';

interface PaymentSuccessPanelProps {
  /** `session_id` from the URL Stripe (or the test checkout) sent the browser to. */
  readonly sessionId: string | null;
}

/** Not an error in the payment: the processor has not said it was paid yet. */
function stillWaiting(error: Error): boolean {
  return error instanceof PaymentNotConfirmedYet || (error instanceof ApiError && error.code === 'payment_incomplete');
}

/**
 * Confirms the payment as the page opens and then says so until the user moves on: the page used
 * to leave for Generate the moment Premium was confirmed, so the confirmation went unread.
 */
export function PaymentSuccessPanel({ sessionId }: PaymentSuccessPanelProps) {
  const confirmation = usePaymentConfirmation(sessionId);
  const confirmed = confirmation.isSuccess;

  if (!sessionId) {
    return (
      <div className={styles.panel}>
        <p role="alert" className="alert">
          This link has no payment session, so there is nothing to confirm.
        </p>
        <p className={styles.small}>
          Paid and still on Free? <Link to={paths.payment}>Check your payment</Link> or{' '}
          <Link to={paths.support}>contact support</Link>.
        </p>
      </div>
    );
  }

  const { error } = confirmation;
  if (error && !confirmation.isFetching) {
    return (
      <div className={styles.panel}>
        <div role="alert" className="alert">
          {stillWaiting(error) ? (
            <p>
              Your payment has not been confirmed yet; this is taking longer than usual. If you paid, Premium turns on as
              soon as the confirmation arrives.
            </p>
          ) : (
            <p>{error.message}</p>
          )}
          <p>
            If you were charged and Premium does not appear, <Link to={paths.support}>contact support</Link> and we will
            sort it out.
          </p>
        </div>
        <div>
          <button type="button" className="button button-primary" onClick={() => void confirmation.refetch()}>
            Check again
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.panel}>
      {/* One live region from the first wait to the confirmation, so the change is announced. */}
      <p role="status" className={confirmed ? 'success-text' : undefined}>
        {confirmed
          ? 'Payment confirmed: Premium is active. Your images are sharp now, and you can download them.'
          : 'Confirming your payment…'}
      </p>
      {confirmed && (
        <div className={styles.actions}>
          <Link to={paths.generate} className="button button-primary">
            Start creating
          </Link>
          <Link to={paths.profile} className="button">
            See your plan
          </Link>
        </div>
      )}
    </div>
  );
}
