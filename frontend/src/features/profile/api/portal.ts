import { client, unwrap } from '@/lib/api-client';

/** A Stripe customer portal session (cancel, change card); pro only. */
export function openBillingPortal(): Promise<{ url: string }> {
  return unwrap(client.POST('/api/v1/billing/portal'));
}
