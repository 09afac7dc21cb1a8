import { useInfiniteQuery, useMutation } from '@tanstack/react-query';

import { queryKeys, useInvalidateAccount } from '@/lib/query-client';
import type { Generation } from '@/types/api';

import { deleteGeneration, fetchHistory } from '../api/generations';

/** The signed-in user's saved images, newest first, a page at a time. */
export function useHistory(uid: string | null) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.history(uid),
    queryFn: ({ pageParam, signal }) => fetchHistory(pageParam, signal),
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
