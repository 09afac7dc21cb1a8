import { useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-client';

import { fetchRecentPrompts } from '../api/recent-prompts';

/** The signed-in user's recent prompts (none for a guest); reloaded with the history after a generation. */
export function useRecentPrompts(uid: string | null): readonly string[] {
  const query = useQuery({
    queryKey: [...queryKeys.history(uid), 'recent-prompts'],
    queryFn: ({ signal }) => fetchRecentPrompts(signal),
    enabled: uid !== null,
  });
  return uid === null ? [] : (query.data ?? []);
}
