import { api } from '@/lib/api-client';

/** A Stripe customer portal session (cancel, change card); pro only. */
export function openBillingPortal(): Promise<{ url: string }> {
  return api.post<{ url: string }>('/billing/portal');
}
