import { useEffect, useRef, type RefObject } from 'react';

/** The tile of image `id` in `list`, if it is shown. */
function tileOf(list: HTMLElement | null, id: string): HTMLElement | undefined {
  const tiles = list?.querySelectorAll<HTMLElement>('[data-generation-id]') ?? [];
  return Array.from(tiles).find((tile) => tile.dataset.generationId === id);
}

/**
 * Moves the focus to the first new image once it is shown, so keyboard and screen reader users
 * land on the result; once per visit of the page, never again while they filter or page.
 */
export function useFocusOnNew(newIds: readonly string[]) {
  const list = useRef<HTMLDivElement>(null);
  const pending = useRef(newIds.length > 0);
  useEffect(() => {
    if (!pending.current) return;
    const tiles = list.current?.querySelectorAll<HTMLElement>('[data-generation-id]') ?? [];
    const first = Array.from(tiles).find((tile) => newIds.includes(tile.dataset.generationId ?? ''));
    if (!first) return;
    pending.current = false;
    first.focus();
  });
  return list;
}

/**
 * The viewer gives the focus back to the image that opened it. Opened from the address (a reload,
 * a link), it has none: the tile of the image it showed last takes the focus instead.
 */
export function useFocusAfterViewer(list: RefObject<HTMLElement | null>, viewed: string | undefined) {
  const last = useRef<string | undefined>(undefined);
  useEffect(() => {
    const closed = last.current;
    last.current = viewed;
    if (viewed || !closed || document.activeElement !== document.body) return;
    tileOf(list.current, closed)?.focus();
  }, [list, viewed]);
}
