import { useCallback, useEffect, useState } from 'react';

import { api } from '@/lib/api-client';
import type { Catalog } from '@/types/api';

// The catalog changes only with a deploy: fetched once per page load and shared.
let cached: Promise<Catalog> | null = null;

export function loadCatalog(): Promise<Catalog> {
  cached ??= api.get<Catalog>('/catalog').catch((error: unknown) => {
    cached = null; // a failure is not cached; the next caller tries again
    throw error;
  });
  return cached;
}

/** Tests start every case with an empty cache. */
export function clearCatalogCache(): void {
  cached = null;
}

export interface CatalogState {
  readonly catalog: Catalog | null;
  readonly error: string | null;
  readonly retry: () => void;
}

export function useCatalog(): CatalogState {
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    loadCatalog().then(
      (next) => {
        if (!active) return;
        setCatalog(next);
        setError(null);
      },
      (cause: unknown) => {
        if (active) setError(cause instanceof Error ? cause.message : String(cause));
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setAttempt((value) => value + 1);
  }, []);

  return { catalog, error, retry };
}

/** The note shown when images come from the built-in renderer rather than an AI model. */
export function rendererNote(catalog: Catalog | null): string | null {
  const renderer = catalog?.renderer;
  return renderer?.kind === 'builtin' ? renderer.label : null;
}
