import { useCallback, useEffect, useEffectEvent, useState } from 'react';

/** How far below the window the end of the list starts the next page: about two rows of images. */
const AHEAD = '0px 0px 400px 0px';

/**
 * Infinite scrolling: a ref for an element at the end of a list, and `onNear` called whenever it
 * is near the window and `ready` (the last page is in and there is another). It goes on while the
 * end stays in sight, as short filtered pages can leave it there. Without IntersectionObserver it
 * does nothing, and the list's 'Load more' button stays the way on.
 */
export function useNearEnd(ready: boolean, onNear: () => void) {
  const [near, setNear] = useState(false);
  const sentinel = useCallback((node: HTMLElement | null) => {
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const latest = entries.at(-1);
        if (latest) setNear(latest.isIntersecting);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, []);
  const load = useEffectEvent(onNear);
  useEffect(() => {
    if (near && ready) load();
  }, [near, ready]);
  return sentinel;
}
