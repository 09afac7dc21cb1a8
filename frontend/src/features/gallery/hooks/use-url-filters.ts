import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

import { NO_FILTERS, type HistoryFilters } from '../api/generations';

// The address's names for the filters, beside the viewer's `view`: `?q=fox&style=anime-v1&fav=1`.
const Q = 'q';
const STYLE = 'style';
const FAVOURITES = 'fav';

/**
 * The history's filters, kept in the address so a reload or a shared link shows the same images.
 * A change replaces the history entry (Back leaves the page rather than stepping through every
 * filter tried), keeping the other parameters, the navigation state (which images are new) and
 * the scroll position.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const state: unknown = useLocation().state;
  const q = params.get(Q)?.trim() ?? '';
  const style = params.get(STYLE) ?? '';
  const favorite = params.get(FAVOURITES) === '1';
  const filters = useMemo<HistoryFilters>(() => ({ favorite, style, q }), [favorite, style, q]);

  function set(next: HistoryFilters) {
    const search = new URLSearchParams(params);
    for (const [name, value] of [
      [Q, next.q],
      [STYLE, next.style],
      [FAVOURITES, next.favorite ? '1' : ''],
    ] as const) {
      if (value) search.set(name, value);
      else search.delete(name);
    }
    setParams(search, { replace: true, state, preventScrollReset: true });
  }

  return {
    filters,
    filtered: filters.favorite || filters.style !== '' || filters.q !== '',
    set,
    clear: () => {
      set(NO_FILTERS);
    },
  };
}
