import { useCallback, useState } from 'react';

/**
 * Whether an element has come near the window yet (and stays true once it has): a ref callback
 * for the element, and the answer. Lazy work, such as fetching an image that needs the ID token
 * (which `<img loading="lazy">` cannot do), waits for it. Without IntersectionObserver
 * everything counts as in view.
 */
export function useInView(rootMargin = '200px'): [(node: Element | null) => (() => void) | undefined, boolean] {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (node: Element | null) => {
      if (!node || seen) return undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
        },
        { rootMargin },
      );
      observer.observe(node);
      return () => {
        observer.disconnect();
      };
    },
    [seen, rootMargin],
  );
  return [ref, seen];
}
