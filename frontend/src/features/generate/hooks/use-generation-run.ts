import { useCallback, useEffect, useRef, useState } from 'react';

import type { Generation, GenerationRequest } from '@/types/api';

import { createGeneration, type GenerationProgress } from '../api/create-generation';

/** Spec sections 4 and 9. */
export const OVERLAY_DELAY_MS = 2000;
export const BUSY_CLEAR_MS = 400;
export const OVERLAY_CLEAR_MS = 4000;

export interface RunState {
  /** The Generate button is disabled and reads 'Generation...'. */
  readonly busy: boolean;
  /** The 'Generating . . .' overlay is up. */
  readonly overlay: boolean;
  readonly progress: GenerationProgress;
  /** The images are ready; the app moves on when the overlay clears. */
  readonly done: boolean;
  readonly error: unknown;
}

const idle: RunState = {
  busy: false,
  overlay: false,
  progress: { position: null, fraction: null, etaSeconds: null },
  done: false,
  error: null,
};

interface Options {
  /** Called when the overlay clears after a success, with the new images. */
  readonly onFinished: (generations: Generation[]) => void;
  /** Called as soon as the answer arrives (credits changed). */
  readonly onAnswered?: () => void;
}

/**
 * One generation at a time, with the spec's timings: busy at once, the overlay 2000 ms after
 * the click; on success busy clears 400 ms and the overlay 4000 ms after the answer, and then
 * `onFinished`. A failure clears both at once and keeps the error. Leaving the page aborts
 * the request (the gateway releases the credit).
 */
export function useGenerationRun({ onFinished, onAnswered }: Options) {
  const [state, setState] = useState<RunState>(idle);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const controller = useRef<AbortController | null>(null);
  const running = useRef(false);
  const callbacks = useRef({ onFinished, onAnswered });

  useEffect(() => {
    callbacks.current = { onFinished, onAnswered };
  });

  const later = useCallback((ms: number, task: () => void) => {
    timers.current.push(setTimeout(task, ms));
  }, []);

  const clearTimers = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
  }, []);

  useEffect(
    () => () => {
      clearTimers();
      controller.current?.abort();
    },
    [clearTimers],
  );

  const start = useCallback(
    async (request: GenerationRequest) => {
      if (running.current) return;
      running.current = true;
      const abort = new AbortController();
      controller.current = abort;
      setState({ ...idle, busy: true });
      later(OVERLAY_DELAY_MS, () => {
        setState((current) => ({ ...current, overlay: true }));
      });

      let generations: Generation[];
      try {
        generations = await createGeneration(request, {
          signal: abort.signal,
          onProgress: (progress) => {
            setState((current) => ({ ...current, progress }));
          },
        });
      } catch (error) {
        if (abort.signal.aborted) return;
        clearTimers();
        running.current = false;
        setState({ ...idle, error });
        return;
      }

      callbacks.current.onAnswered?.();
      setState((current) => ({
        ...current,
        done: true,
        progress: { position: null, fraction: 1, etaSeconds: 0 },
      }));
      later(BUSY_CLEAR_MS, () => {
        setState((current) => ({ ...current, busy: false }));
      });
      later(OVERLAY_CLEAR_MS, () => {
        clearTimers();
        running.current = false;
        setState((current) => ({ ...current, overlay: false }));
        callbacks.current.onFinished(generations);
      });
    },
    [later, clearTimers],
  );

  return { ...state, start };
}
