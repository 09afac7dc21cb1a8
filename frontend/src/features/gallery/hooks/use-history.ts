import { useCallback, useEffect, useRef, useState } from 'react';

import type { Generation } from '@/types/api';

import { fetchHistory } from '../api/generations';

interface HistoryState {
  readonly items: readonly Generation[];
  readonly nextCursor: string | null;
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly error: string | null;
}

const empty: HistoryState = { items: [], nextCursor: null, status: 'idle', error: null };

/** The signed-in user's saved images, newest first, a page at a time. */
export function useHistory(enabled: boolean) {
  const [state, setState] = useState<HistoryState>(empty);
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(async (cursor: string | null) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState((current) => ({ ...current, status: 'loading', error: null }));
    try {
      const page = await fetchHistory(cursor, abort.signal);
      setState((current) => {
        const known = new Set(current.items.map((item) => item.id));
        const added = page.items.filter((item) => !known.has(item.id));
        return {
          items: cursor ? [...current.items, ...added] : page.items,
          nextCursor: page.nextCursor,
          status: 'ready',
          error: null,
        };
      });
    } catch (cause) {
      if (abort.signal.aborted) return;
      setState((current) => ({
        ...current,
        status: 'error',
        error: cause instanceof Error ? cause.message : String(cause),
      }));
    }
  }, []);

  useEffect(() => {
    if (!enabled) return;
    void load(null);
    return () => {
      controller.current?.abort();
    };
  }, [enabled, load]);

  const loadMore = useCallback(() => {
    if (state.nextCursor) void load(state.nextCursor);
  }, [load, state.nextCursor]);

  const remove = useCallback((id: string) => {
    setState((current) => ({ ...current, items: current.items.filter((item) => item.id !== id) }));
  }, []);

  return { ...(enabled ? state : empty), loadMore, remove, retry: () => void load(null) };
}
