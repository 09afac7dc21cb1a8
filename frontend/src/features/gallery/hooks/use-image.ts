import { useEffect, useState } from 'react';

import { api } from '@/lib/api-client';

interface ImageState {
  readonly key: string;
  readonly src: string | null;
  readonly error: string | null;
}

/**
 * Loads an image that needs the ID token (an <img src> cannot send it) into an object URL,
 * and revokes that URL when the image leaves the page or is reloaded.
 */
export function useImage(url: string, version: number, enabled: boolean) {
  const key = `${url}#${String(version)}`;
  const [state, setState] = useState<ImageState>({ key: '', src: null, error: null });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    api.file(url, { signal: controller.signal }).then(
      ({ blob }) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ key, src: objectUrl, error: null });
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        setState({ key, src: null, error: cause instanceof Error ? cause.message : String(cause) });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, key, enabled]);

  const current = state.key === key ? state : { key, src: null, error: null };
  return { src: current.src, error: current.error, loading: enabled && !current.src && !current.error };
}
