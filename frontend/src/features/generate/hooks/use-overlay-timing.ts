import { useCallback, useEffect, useRef, useState } from 'react';

/** docs/product.md, Generating. */
export const OVERLAY_DELAY_MS = 2000;
export const BUSY_CLEAR_MS = 400;
export const OVERLAY_CLEAR_MS = 4000;

interface Shown {
  /** The Generate button is disabled and reads 'Generation...'. */
  readonly busy: boolean;
  /** The 'Generating . . .' overlay is up. */
  readonly overlay: boolean;
}

const hidden: Shown = { busy: false, overlay: false };

/**
 * When the busy button and the 'Generating . . .' overlay show, with the product's timings:
 * busy at once and the overlay 2000 ms later; after a successful answer busy clears 400 ms and
 * the overlay 4000 ms later. Leaving the page drops the timers that are still to run.
 */
export function useOverlayTiming() {
  const [shown, setShown] = useState<Shown>(hidden);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const later = useCallback((ms: number, task: () => void) => {
    timers.current.push(setTimeout(task, ms));
  }, []);

  /** Not busy, no overlay, and no timer left to change that. */
  const hide = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
    setShown(hidden);
  }, []);

  /** A new run: busy at once, the overlay after OVERLAY_DELAY_MS. */
  const showAfterDelay = useCallback(() => {
    setShown({ busy: true, overlay: false });
    later(OVERLAY_DELAY_MS, () => {
      setShown((current) => ({ ...current, overlay: true }));
    });
  }, [later]);

  /** A run already under way (one resumed): busy and the overlay at once. */
  const showAtOnce = useCallback(() => {
    setShown({ busy: true, overlay: true });
  }, []);

  /** The images are ready: busy clears after BUSY_CLEAR_MS; after OVERLAY_CLEAR_MS all hides and `then` runs. */
  const clearAfterAnswer = useCallback(
    (then: () => void) => {
      later(BUSY_CLEAR_MS, () => {
        setShown((current) => ({ ...current, busy: false }));
      });
      later(OVERLAY_CLEAR_MS, () => {
        hide();
        then();
      });
    },
    [later, hide],
  );

  useEffect(() => hide, [hide]);

  return { ...shown, showAfterDelay, showAtOnce, clearAfterAnswer, hide };
}
