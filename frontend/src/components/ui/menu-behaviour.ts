import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

/** Which item an opened menu focuses: the first (Enter, Space, a click, Down) or the last (Up). */
export type Opening = 'first' | 'last';

function itemsOf(list: HTMLElement | null): HTMLElement[] {
  return [...(list?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
}

/**
 * The item a key moves the focus to among the items of `list`: Up, Down, Home, End, or the next
 * whose text starts with a typed letter (undefined when none does). Null for a key that is not
 * the menu's to move with (Space and Enter are the item's own: a button's click).
 */
export function itemForKey(list: HTMLElement | null, event: KeyboardEvent): HTMLElement | undefined | null {
  const all = itemsOf(list);
  const at = all.findIndex((item) => item === document.activeElement);
  switch (event.key) {
    case 'ArrowDown':
      return all[(at + 1) % all.length];
    case 'ArrowUp':
      return all.at(at <= 0 ? -1 : at - 1);
    case 'Home':
      return all.at(0);
    case 'End':
      return all.at(-1);
  }
  if (event.key.length !== 1 || event.key === ' ' || event.altKey || event.ctrlKey || event.metaKey) return null;
  const letter = event.key.toLowerCase();
  const after = [...all.slice(at + 1), ...all.slice(0, at + 1)];
  return after.find((item) => item.textContent.trim().toLowerCase().startsWith(letter));
}

/**
 * Whether a menu is open, and what comes with opening it: the focus on its first or last item,
 * a list that stays on screen, and a press elsewhere that closes it.
 */
export function useMenuOpening() {
  const [opening, setOpening] = useState<Opening | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const open = opening !== null;

  useEffect(() => {
    if (opening) itemsOf(listRef.current).at(opening === 'first' ? 0 : -1)?.focus();
  }, [opening]);

  // It drops down leftwards from the button's right edge; from a button near the window's left
  // edge (the first column of a grid of images) it drops rightwards instead, to stay on screen.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (open && list && list.getBoundingClientRect().left < 0) list.dataset.align = 'start';
  }, [open]);

  // A press elsewhere closes it. Not a blur without a new focus: Safari focuses no button it
  // clicks, so pressing the menu button itself would first close the menu, then open it again.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpening(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return { open, setOpening, rootRef, listRef };
}
