import { useRef } from 'react';

import { useHistory } from './use-history';
import { useSelection } from './use-selection';
import { useFocusAfterViewer, useFocusOnNew } from './use-tile-focus';
import { useUrlFilters } from './use-url-filters';
import { useViewer } from './use-viewer';

/**
 * The library of `uid` (null: nobody's yet): the history its filters in the address pick, select
 * mode over it, the image the viewer shows, and where the focus goes (the first new image, the
 * tile the viewer closed on, the words once the filters are cleared).
 */
export function useLibrary(uid: string | null, newIds: readonly string[]) {
  const filters = useUrlFilters();
  const history = useHistory(uid, filters.filters);
  const selection = useSelection(history.items);
  const list = useFocusOnNew(newIds);
  const viewer = useViewer(history);
  const viewed = history.items[viewer.index];
  useFocusAfterViewer(list, viewed?.id);
  const search = useRef<HTMLInputElement>(null);

  return {
    filters,
    history,
    selection,
    /** The grid, which holds the tiles the focus goes to. */
    list,
    viewer,
    /** The image the viewer shows, if it is open. */
    viewed,
    /** The words' field. */
    search,
    /** The button goes with the filters: the focus goes on to the words, to look for others. */
    clearFilters: () => {
      filters.clear();
      search.current?.focus();
    },
  };
}
