import { useMe } from '@/lib/me';

/** How often a page following a pending check asks the gateway for its status. */
export const POLL_MS = 2000;

/**
 * The profile, with its age check, asked for again every 2 seconds while the check is pending:
 * the provider decides in its own time and tells the gateway, not this page.
 */
export function useAgeCheck() {
  return useMe({ refetchInterval: (me) => (me?.ageCheck.status === 'pending' ? POLL_MS : false) });
}
