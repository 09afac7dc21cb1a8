import { QueryClient, useQueryClient } from '@tanstack/react-query';

import { ApiError } from '@/lib/api-client';

const ME = 'me';
const HISTORY = 'generations';
const IMAGE = 'image';

/** One key per resource of the gateway; a mutation invalidates the keys of what it changed. */
export const queryKeys = {
  me: (uid: string | null) => [ME, uid] as const,
  catalog: ['catalog'] as const,
  history: (uid: string | null) => [HISTORY, uid] as const,
  /** The pages of the history list, one query per set of filters (below `history`, so it is reloaded with it). */
  historyList: (uid: string | null) => [HISTORY, uid, 'list'] as const,
  image: (url: string) => [IMAGE, url] as const,
};

/** A 4xx will not change by asking again; an unreachable gateway or a 5xx may. */
function retry(failures: number, error: Error): boolean {
  const final = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !final && failures < 2;
}

/**
 * The app's one cache. Every QueryProvider hands out this client, so the lazy pages and the
 * nav bar's premium link share it while the landing page loads none of this code.
 */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry, refetchOnWindowFocus: false } } });

/**
 * After a profile change, a generation (credits, history), a refusal (the account's standing), an
 * answer about the age check (its status) or a payment (plan, and every image turns sharp), marks
 * the signed-in user's server state stale so whatever shows it reloads. (The gallery's own
 * mutations update the history themselves: features/gallery/hooks/use-history.ts.)
 */
export function useInvalidateAccount() {
  const queryClient = useQueryClient();
  const invalidate = (roots: readonly string[]) =>
    Promise.all(roots.map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
  return {
    afterProfileSaved: () => invalidate([ME]),
    afterGeneration: () => invalidate([ME, HISTORY]),
    afterRefusal: () => invalidate([ME]),
    afterAgeCheck: () => invalidate([ME]),
    afterPayment: () => invalidate([ME, HISTORY, IMAGE]),
  };
}
