import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-client';
import type { Generation } from '@/types/api';

import { deleteGeneration, fetchHistory, NO_FILTERS, setFavorite, type HistoryFilters } from '../api/generations';

import { useHistoryCache, type Pages } from './history-cache';

const listKey = (uid: string | null, filters: HistoryFilters) => [...queryKeys.historyList(uid), filters] as const;

/**
 * The signed-in user's images that match `filters`, newest first, a page at a time: the one
 * source of the gallery, so what it shows is what the gateway holds after any reload. A filtered
 * page may hold few or no images and still have more after it: paging goes on while the gateway
 * gives a cursor. Other filters are another query, so they start from the first page.
 */
export function useHistory(uid: string | null, filters: HistoryFilters) {
  const query = useInfiniteQuery({
    queryKey: listKey(uid, filters),
    queryFn: ({ pageParam, signal }) => fetchHistory(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? null,
    enabled: uid !== null,
  });
  // A page boundary can move while paging (a new image arrives first); show each image once.
  const seen = new Set<string>();
  const items: Generation[] = [];
  for (const item of query.data?.pages.flatMap((page) => page.items) ?? []) {
    if (!seen.has(item.id)) items.push(item);
    seen.add(item.id);
  }
  let status: 'idle' | 'loading' | 'ready' | 'error' = 'ready';
  if (uid === null) status = 'idle';
  else if (query.isError) status = 'error';
  else if (query.isPending || query.isFetchingNextPage) status = 'loading';
  return {
    items,
    hasMore: query.hasNextPage,
    status,
    error: query.error?.message ?? null,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}

/**
 * Puts a finished job's images at the top of the unfiltered history the gallery shows next, so
 * they are there at once, and has every history query asked again so the gateway's word follows.
 */
export function useAddToHistory() {
  const queryClient = useQueryClient();
  return async (uid: string, created: readonly Generation[]) => {
    const ids = new Set(created.map((item) => item.id));
    queryClient.setQueryData<Pages>(listKey(uid, NO_FILTERS), (pages) => {
      const [first, ...rest] = pages?.pages ?? [];
      if (!pages || !first) return pages;
      const items = [...created, ...first.items.filter((item) => !ids.has(item.id))];
      return { ...pages, pages: [{ ...first, items }, ...rest] };
    });
    await queryClient.invalidateQueries({ queryKey: queryKeys.history(uid) });
  };
}

/** Deletes an image (on any plan); it leaves every list at once, and the history is reloaded from the gateway. */
export function useDeleteGeneration() {
  const cache = useHistoryCache();
  return useMutation({
    mutationFn: (id: string) => deleteGeneration(id).then(() => id),
    onSuccess: async (id) => {
      cache.change((item) => (item.id === id ? null : item));
      await cache.reload();
    },
  });
}

/**
 * An image's favourite mark, shown as asked at once in every cached list (optimistic) and put
 * back as it was when the gateway refuses; the history is reloaded afterwards either way (a
 * favourites-only view loses an unmarked one).
 */
export function useFavorite(generation: Generation) {
  const queryClient = useQueryClient();
  const cache = useHistoryCache();
  const mutation = useMutation({
    mutationFn: (favorite: boolean) => setFavorite(generation.id, favorite),
    onMutate: async (favorite) => {
      // A reload under way would write the old mark over the new one.
      await queryClient.cancelQueries(cache.lists);
      const before = queryClient.getQueriesData<Pages>(cache.lists);
      cache.change((item) => (item.id === generation.id ? { ...item, favorite } : item));
      return { before };
    },
    onError: (_error, _favorite, context) => {
      for (const [key, pages] of context?.before ?? []) queryClient.setQueryData(key, pages);
    },
    onSettled: cache.reload,
  });
  return {
    favorite: generation.favorite,
    pending: mutation.isPending,
    error: mutation.error,
    toggle: () => {
      mutation.mutate(!generation.favorite);
    },
  };
}

/**
 * 'Remove blur' for a pro user whose list still holds a blurred preview (read before they paid):
 * the gateway now serves the original at the same address, so the image is fetched again and
 * every cached list marks it sharp, in the tile and the viewer alike.
 */
export function useRemoveBlur() {
  const queryClient = useQueryClient();
  const cache = useHistoryCache();
  return (generation: Generation) => {
    cache.change((item) => (item.id === generation.id ? { ...item, blurred: false } : item));
    void queryClient.refetchQueries({ queryKey: queryKeys.image(generation.imageUrl) });
  };
}
