import { useEffect, useEffectEvent, useRef, useState } from 'react';

import type { Generation } from '@/types/api';

/**
 * Select mode over `items`, the history as shown: which images are chosen, Shift to choose or
 * leave out the whole run from the last one pressed, and Escape to leave, unless a dialog or a
 * menu has the key. A chosen image that leaves the list (deleted, filtered out) no longer counts.
 */
export function useSelection(items: readonly Generation[]) {
  const [active, setActive] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<string | null>(null);

  function stop() {
    setActive(false);
    setChosen(new Set());
    anchor.current = null;
  }

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const owner = event.target instanceof Element ? event.target.closest('[role="dialog"], [role="menu"]') : null;
    if (!owner) stop();
  });
  useEffect(() => {
    if (!active) return;
    const listener = (event: KeyboardEvent) => {
      onKeyDown(event);
    };
    document.addEventListener('keydown', listener);
    return () => {
      document.removeEventListener('keydown', listener);
    };
  }, [active]);

  function toggle(id: string, range: boolean) {
    const ids = items.map((item) => item.id);
    const to = ids.indexOf(id);
    const from = range && anchor.current !== null ? ids.indexOf(anchor.current) : -1;
    const run = from < 0 ? [id] : ids.slice(Math.min(from, to), Math.max(from, to) + 1);
    const on = !chosen.has(id);
    const next = new Set(chosen);
    for (const each of run) {
      if (on) next.add(each);
      else next.delete(each);
    }
    setChosen(next);
    anchor.current = id;
  }

  return {
    active,
    start: () => {
      setActive(true);
    },
    stop,
    isChosen: (id: string) => chosen.has(id),
    toggle,
    /** The chosen images still listed, in the list's order. */
    selected: items.filter((item) => chosen.has(item.id)),
  };
}
