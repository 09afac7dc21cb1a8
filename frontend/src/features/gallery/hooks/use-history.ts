import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { queryKeys, useInvalidateAccount } from '@/lib/query-client';
import type { Generation } from '@/types/api';

import { deleteGeneration, fetchHistory, setFavorite, type HistoryFilters } from '../api/generations';

/**
 * The signed-in user's saved images that match `filters`, newest first, a page at a time. A
 * filtered page may hold few or no images and still have more after it: paging goes on while
 * the gateway gives a cursor. Other filters are another query, so they start from the first page.
 */
export function useHistory(uid: string | null, filters: HistoryFilters) {
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.history(uid), filters],
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
  else if (query.isFetching) status = 'loading';
  return {
    items,
    hasMore: query.hasNextPage,
    status,
    error: query.error?.message ?? null,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}

/** Deletes an image (pro only); the history is reloaded from the gateway afterwards. */
export function useDeleteGeneration(onDeleted: (id: string) => void) {
  const { afterDelete } = useInvalidateAccount();
  return useMutation({
    mutationFn: (id: string) => deleteGeneration(id).then(() => id),
    onSuccess: async (id) => {
      onDeleted(id);
      await afterDelete();
    },
  });
}

/**
 * An image's favourite mark, shown as asked at once (optimistic) and put back as it was when the
 * gateway refuses; the history is reloaded afterwards (a favourites-only view loses an unmarked one).
 */
export function useFavorite(generation: Generation) {
  const { afterFavorite } = useInvalidateAccount();
  // What the user last asked for, until the card shows another image's state.
  const [asked, setAsked] = useState<boolean | null>(null);
  const mutation = useMutation({
    mutationFn: (favorite: boolean) => setFavorite(generation.id, favorite),
    onMutate: (favorite) => {
      const before = asked;
      setAsked(favorite);
      return { before };
    },
    onError: (_error, _favorite, context) => {
      setAsked(context?.before ?? null);
    },
    onSuccess: () => afterFavorite(),
  });
  return {
    favorite: asked ?? generation.favorite,
    pending: mutation.isPending,
    error: mutation.error,
    toggle: () => {
      mutation.mutate(!(asked ?? generation.favorite));
    },
  };
}
