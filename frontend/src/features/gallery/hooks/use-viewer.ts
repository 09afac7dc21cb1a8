import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import type { useHistory } from './use-history';

/** The query parameter naming the image open in the viewer: a reload or a shared link opens it again. */
const VIEW_PARAM = 'view';

/** Marks the history entry the gallery pushed to open the viewer, so closing it is going back. */
const OPENED_HERE = 'viewerOpenedHere';

function stateRecord(state: unknown): Record<string, unknown> {
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

/**
 * Which image of `history` the viewer shows, kept in the address (`?view=<id>`). Opening pushes
 * an entry, so the browser's Back closes the viewer; moving to another image replaces it, so Back
 * does not step through every image seen. Closing goes back when this page opened it, and drops
 * the parameter otherwise (a reload or a link). Each keeps the navigation state (which images are
 * new) and the scroll position.
 *
 * An image that is not loaded yet is looked for page by page; one that leaves the list while
 * shown (deleted) gives its place to the one after it, at once. When the last loaded image is
 * shown, the next page is asked for, so the arrows go on through the whole history.
 */
export function useViewer(history: ReturnType<typeof useHistory>) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const state: unknown = location.state;
  const navigate = useNavigate();
  const id = params.get(VIEW_PARAM);
  const { items, hasMore, status } = history;
  const found = id === null ? -1 : items.findIndex((item) => item.id === id);
  // Where the image named in the address was last found, for when it is gone from the list.
  const [seen, setSeen] = useState<{ id: string; index: number } | null>(null);
  if (id !== null && found >= 0 && (seen?.id !== id || seen.index !== found)) setSeen({ id, index: found });
  let index = found;
  if (found < 0 && id !== null && seen?.id === id) index = Math.min(seen.index, items.length - 1);
  const shown = items[index];
  // The image a step asked for last: the address changes in a transition, so a second step taken
  // before it has goes on from there instead of asking for the same image again.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [id]);

  function go(next: string | null, push = false) {
    const search = new URLSearchParams(params);
    if (next === null) search.delete(VIEW_PARAM);
    else search.set(VIEW_PARAM, next);
    const nextState = push ? { ...stateRecord(state), [OPENED_HERE]: true } : state;
    setParams(search, { replace: !push, state: nextState, preventScrollReset: true });
  }

  function close() {
    if (stateRecord(state)[OPENED_HERE] === true) void navigate(-1);
    else go(null);
  }

  const settle = useEffectEvent(() => {
    if (id === null || status !== 'ready') return;
    if (!shown) {
      if (hasMore) history.loadMore();
      else close();
    } else if (shown.id !== id) go(shown.id);
    else if (index === items.length - 1 && hasMore) history.loadMore();
  });
  useEffect(() => {
    settle();
  }, [id, shown?.id, index, status, hasMore]);

  return {
    /** The index in `history.items` of the image shown; -1 when none is. */
    index,
    open: (next: string) => {
      go(next, true);
    },
    /** To the image `by` after (1) or before (-1) the one shown, where there is one. */
    step: (by: 1 | -1) => {
      const from = items.findIndex((item) => item.id === (asked.current ?? shown?.id));
      const target = from < 0 ? undefined : items[from + by];
      if (!target) return;
      asked.current = target.id;
      go(target.id);
    },
    close,
  };
}
