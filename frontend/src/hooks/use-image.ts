import { useQuery } from '@tanstack/react-query';

import { fetchFile } from '@/lib/api-client';
import { useObjectUrl } from '@/lib/object-url';
import { queryKeys } from '@/lib/query-client';

/**
 * Loads an image that needs the ID token (an <img src> cannot send it): the gallery's images and
 * the support console's previews. `reload()` fetches it again: after a payment the gateway
 * serves the same address sharp.
 */
export function useImage(url: string, enabled: boolean) {
  const query = useQuery({
    queryKey: queryKeys.image(url),
    queryFn: ({ signal }) => fetchFile(url, signal).then((file) => file.blob),
    enabled,
    staleTime: Infinity,
  });
  const src = useObjectUrl(enabled ? query.data : undefined);
  return {
    src,
    error: query.error?.message ?? null,
    loading: enabled && !src && !query.error,
    reload: () => void query.refetch(),
  };
}
