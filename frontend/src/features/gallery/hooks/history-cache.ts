import { useQueryClient, type InfiniteData } from '@tanstack/react-query';

import { useAuth } from '@/lib/auth';
import { queryKeys } from '@/lib/query-client';
import type { Generation, GenerationPage } from '@/types/api';

export type Pages = InfiniteData<GenerationPage, string | null>;

/** `pages` with each item `change` gives back; null drops the item. */
function mapItems(pages: Pages, change: (item: Generation) => Generation | null): Pages {
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      items: page.items.map(change).filter((item): item is Generation => item !== null),
    })),
  };
}

/**
 * The signed-in user's cached history lists (one per set of filters): what an action changed is
 * shown in all of them at once, then every one is asked of the gateway again.
 */
export function useHistoryCache() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const lists = { queryKey: queryKeys.historyList(uid) };
  return {
    lists,
    change: (change: (item: Generation) => Generation | null) => {
      queryClient.setQueriesData<Pages>(lists, (pages) => (pages ? mapItems(pages, change) : pages));
    },
    reload: () => queryClient.invalidateQueries({ queryKey: queryKeys.history(uid) }),
  };
}
