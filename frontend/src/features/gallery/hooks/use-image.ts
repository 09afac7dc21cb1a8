import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { fetchFile } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** An object URL for `blob`, revoked when the blob is replaced or the component leaves. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [entry, setEntry] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setEntry({ blob, url });
    return () => {
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  return entry && entry.blob === blob ? entry.url : null;
}

/**
 * Loads an image that needs the ID token (an <img src> cannot send it). `reload()` fetches it
 * again: after a payment the gateway serves the same address sharp.
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
