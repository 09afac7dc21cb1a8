import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';

import { SupportLink } from '@/components/support/support-link';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import type { AuthUser } from '@/lib/firebase';
import { isPro, meQuery, useMe } from '@/lib/me';
import { useInvalidateAccount } from '@/lib/query-client';

import { confirmPayment } from '../api/billing';

import styles from './billing.module.css';

/** What the check found: pro already, a payment confirmed now, or no checkout to confirm. */
type Outcome = 'pro' | 'confirmed' | 'no-session';

/**
 * /payment: for someone who paid and still sees blur. Re-reads the plan, and if it is not pro
 * yet, asks the gateway to verify the last checkout session again.
 */
export function PaymentCheckPanel() {
  const { user } = useAuth();
  const { me, status } = useMe();
  const queryClient = useQueryClient();
  const { afterPayment } = useInvalidateAccount();
  const check = useMutation({
    mutationFn: async (account: AuthUser): Promise<Outcome> => {
      const latest = await queryClient.query({ ...meQuery(account), staleTime: 0 });
      if (isPro(latest)) return 'pro';
      const sessionId = latest.subscription?.sessionId;
      if (!sessionId) return 'no-session';
      await confirmPayment(sessionId, account.uid);
      return 'confirmed';
    },
    onSuccess: (outcome) => (outcome === 'confirmed' ? afterPayment() : undefined),
  });

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
      {check.data === 'no-session' && (
        <div role="alert" className="alert">
          <p>We could not find a payment for this account.</p>
          <p>
            If you were charged, email <SupportLink subject="Payment not applied" /> with the receipt.
          </p>
        </div>
      )}
      {check.error && (
        <div role="alert" className="alert">
          <p>{check.error.message}</p>
          <p>
            Still stuck? <Link to={paths.support}>Contact support</Link>.
          </p>
        </div>
      )}
      <div>
        <button
          type="button"
          className="button button-primary"
          disabled={check.isPending}
          onClick={() => {
            if (user) check.mutate(user);
          }}
        >
          {check.isPending ? 'Checking…' : 'Check my payment'}
        </button>
      </div>
      <p className={styles.small}>
        Not subscribed yet? <Link to={paths.subscribe}>See Premium</Link>.
      </p>
    </div>
  );
}
