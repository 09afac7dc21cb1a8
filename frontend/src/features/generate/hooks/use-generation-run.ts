import { useEffect, useRef } from 'react';

import type { Generation } from '@/types/api';

import { useJobLifecycle } from './use-job-lifecycle';
import { useOverlayTiming } from './use-overlay-timing';

interface Options {
  /** The signed-in user, whose running job is remembered; null for a guest. */
  readonly uid: string | null;
  /** Called when the overlay clears after a success, with the new images. */
  readonly onFinished: (generations: readonly Generation[]) => void;
  /** Called as soon as the answer arrives (credits and history changed). */
  readonly onAnswered: () => void;
  /** Called when the run ends without images because of `error` (not when canceled). */
  readonly onFailed: (error: unknown) => void;
}

/**
 * A generation as the page shows it: the job's life (use-job-lifecycle.ts) on the overlay's
 * timings (use-overlay-timing.ts). Busy at once, the overlay 2000 ms after the click (at once
 * for a job resumed from an earlier visit); on success busy clears 400 ms and the overlay
 * 4000 ms after the answer, and then `onFinished`. A failure clears both at once and keeps the
 * error.
 */
export function useGenerationRun({ uid, onFinished, onAnswered, onFailed }: Options) {
  const callbacks = useRef({ onFinished, onAnswered, onFailed });

  useEffect(() => {
    callbacks.current = { onFinished, onAnswered, onFailed };
  });

  const timing = useOverlayTiming();
  const job = useJobLifecycle({
    uid,
    onSubmitting: timing.showAfterDelay,
    onResuming: timing.showAtOnce,
    onDone: (generations, release) => {
      callbacks.current.onAnswered();
      timing.clearAfterAnswer(() => {
        release();
        callbacks.current.onFinished(generations);
      });
    },
    onStopped: (error) => {
      timing.hide();
      if (error !== null) callbacks.current.onFailed(error);
    },
  });

  return { ...job, busy: timing.busy, overlay: timing.overlay };
}
