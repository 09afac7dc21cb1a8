import { useQuery, useQueryClient } from '@tanstack/react-query';

import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { isPro, meQuery } from '@/lib/me';
import { useInvalidateAccount } from '@/lib/query-client';

import { confirmPayment } from '../api/billing';

/**
 * How long to wait before asking again, after each answer that is not Premium yet: about 40 s
 * in all, past which the page says it is taking longer than usual instead of spinning on.
 */
export const CONFIRMATION_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 8000, 8000, 8000] as const;

/** The processor has not reported the payment yet (neither to the check nor by its webhook). */
export class PaymentNotConfirmedYet extends Error {
  override readonly name = 'PaymentNotConfirmedYet';
  constructor() {
    super('The payment is not confirmed yet.');
  }
}

/** Worth asking again: not confirmed yet, or the gateway (or the way to it) failed for a moment. */
function mayCatchUp(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.code === 'payment_incomplete' || error.code === 'rate_limited' || error.status === 0 || error.status >= 500;
}

/**
 * `/success`'s confirmation, started as soon as the page opens: `POST /api/v1/payment-success`
 * with the checkout session, then the plan from `GET /api/v1/me` (the webhook may have granted it
 * first), asked again with a backoff until it is Premium. Success means the gateway has the user
 * as pro and every query showing the plan or images has been reloaded.
 */
export function usePaymentConfirmation(sessionId: string | null) {
  const { user, ready } = useAuth();
  const queryClient = useQueryClient();
  const { afterPayment } = useInvalidateAccount();
  const account = ready ? user : null;

  return useQuery({
    queryKey: ['payment-confirmation', sessionId, account?.uid ?? null],
    enabled: sessionId !== null && account !== null,
    queryFn: async () => {
      if (!sessionId || !account) throw new PaymentNotConfirmedYet();
      try {
        const outcome = await confirmPayment(sessionId, account.uid);
        if (outcome.plan !== 'pro') throw new PaymentNotConfirmedYet();
      } catch (error) {
        if (!mayCatchUp(error)) throw error;
        const me = await queryClient.query({ ...meQuery(account), staleTime: 0 });
        if (!isPro(me)) throw error;
      }
      await afterPayment();
      return true;
    },
    retry: (failures, error) => mayCatchUp(error) && failures < CONFIRMATION_RETRY_DELAYS_MS.length,
    retryDelay: (failures) => CONFIRMATION_RETRY_DELAYS_MS[failures] ?? 8000,
    // Confirmed once is confirmed: nothing to ask again when the page is shown again.
    staleTime: Infinity,
    gcTime: 0,
  });
}
