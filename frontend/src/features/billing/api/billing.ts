import { client, unwrap } from '@/lib/api-client';
import type { PaymentOutcome } from '@/types/api';

/** Starts a Stripe Checkout session (or the gateway's TEST MODE page); returns where to go. */
export function createCheckout(): Promise<{ url: string }> {
  return unwrap(client.POST('/api/v1/checkout'));
}

/** The first app's call: the gateway verifies the session with Stripe before granting pro. */
export function confirmPayment(sessionId: string, firebaseId: string): Promise<PaymentOutcome> {
  return unwrap(client.POST('/api/v1/payment-success', { body: { sessionId, firebaseId } }));
}
