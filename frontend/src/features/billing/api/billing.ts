import { api } from '@/lib/api-client';
import type { Plan } from '@/types/api';

/** Starts a Stripe Checkout session (or the gateway's TEST MODE page); returns where to go. */
export function createCheckout(): Promise<{ url: string }> {
  return api.post<{ url: string }>('/checkout');
}

export interface PaymentSuccess {
  readonly message: string;
  readonly plan?: Plan;
}

/** The spec's call: the gateway verifies the session with Stripe before granting pro. */
export function confirmPayment(sessionId: string, firebaseId: string): Promise<PaymentSuccess> {
  return api.post<PaymentSuccess>('/payment-success', { sessionId, firebaseId });
}
