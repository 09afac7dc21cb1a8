import { useCallback, useEffect, useRef, useState } from 'react';

import type { Generation, GenerationRequest } from '@/types/api';

import { cancelJob, endOf, followJob, getJob, submitJob, type JobEnd, type JobUpdate } from '../api/jobs';
import { runningJob, type RunningJob } from '../running-job';

/** docs/ARCHITECTURE.md, The product: Generating. */
export const OVERLAY_DELAY_MS = 2000;
export const BUSY_CLEAR_MS = 400;
export const OVERLAY_CLEAR_MS = 4000;

export interface GenerationProgress {
  /** Place in the gateway's queue (1 = next); null once rendering started. */
  readonly position: number | null;
  /** 0..1, null until the backend reports progress. */
  readonly fraction: number | null;
  readonly etaSeconds: number | null;
}

export interface RunState {
  /** The Generate button is disabled and reads 'Generation...'. */
  readonly busy: boolean;
  /** The 'Generating . . .' overlay is up. */
  readonly overlay: boolean;
  readonly progress: GenerationProgress;
  /** The images are ready; the app moves on when the overlay clears. */
  readonly done: boolean;
  readonly error: unknown;
  /** Why Cancel did not work (the job had started), or null. */
  readonly cancelError: string | null;
}

const idle: RunState = {
  busy: false,
  overlay: false,
  progress: { position: null, fraction: null, etaSeconds: null },
  done: false,
  error: null,
  cancelError: null,
};

function progressOf(update: JobUpdate, current: GenerationProgress): GenerationProgress {
  if (update.kind === 'queued') return { position: update.position, fraction: null, etaSeconds: update.etaSeconds };
  if (update.kind === 'progress') return { position: null, fraction: update.fraction, etaSeconds: update.etaSeconds };
  return current;
}

interface Options {
  /** The signed-in user, whose running job is remembered; null for a guest. */
  readonly uid: string | null;
  /** Called when the overlay clears after a success, with the new images. */
  readonly onFinished: (generations: readonly Generation[]) => void;
  /** Called as soon as the answer arrives (credits and history changed). */
  readonly onAnswered: () => void;
}

/**
 * One generation job at a time, with the product's timings: busy at once, the overlay 2000 ms after
 * the click; on success busy clears 400 ms and the overlay 4000 ms after the answer, and then
 * `onFinished`. A failure clears both at once and keeps the error. The job is remembered per
 * user: leaving or reloading the page does not lose it, and the next visit resumes its events
 * (or shows its result when it ended meanwhile).
 */
export function useGenerationRun({ uid, onFinished, onAnswered }: Options) {
  const [state, setState] = useState<RunState>(idle);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const run = useRef<{ readonly uid: string; id: string | null; readonly abort: AbortController } | null>(null);
  const callbacks = useRef({ onFinished, onAnswered });

  useEffect(() => {
    callbacks.current = { onFinished, onAnswered };
  });

  const later = useCallback((ms: number, task: () => void) => {
    timers.current.push(setTimeout(task, ms));
  }, []);

  const stop = useCallback((next: RunState) => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
    run.current = null;
    setState(next);
  }, []);

  const finish = useCallback(
    (end: JobEnd, owner: string) => {
      if (end.kind !== 'done') {
        runningJob.forget(owner);
        stop(end.kind === 'failed' ? { ...idle, error: end.error } : idle);
        return;
      }
      callbacks.current.onAnswered();
      setState((current) => ({ ...current, done: true, progress: { position: null, fraction: 1, etaSeconds: 0 } }));
      later(BUSY_CLEAR_MS, () => {
        setState((current) => ({ ...current, busy: false }));
      });
      later(OVERLAY_CLEAR_MS, () => {
        runningJob.forget(owner);
        stop(idle);
        callbacks.current.onFinished(end.generations);
      });
    },
    [later, stop],
  );

  /** Follows the job to its end; a failure to follow keeps the job remembered for later. */
  const follow = useCallback(
    async (owner: string, job: RunningJob, abort: AbortController) => {
      try {
        const end = await followJob(job.id, {
          lastEventId: job.lastEventId,
          signal: abort.signal,
          onUpdate: (update) => {
            setState((current) => ({ ...current, progress: progressOf(update, current.progress) }));
          },
          onCursor: (lastEventId) => {
            runningJob.remember(owner, { id: job.id, lastEventId });
          },
        });
        if (!abort.signal.aborted) finish(end, owner);
      } catch (error) {
        if (!abort.signal.aborted) stop({ ...idle, error });
      }
    },
    [finish, stop],
  );

  const resume = useCallback(
    async (owner: string, saved: RunningJob, abort: AbortController) => {
      setState({ ...idle, busy: true, overlay: true });
      try {
        const job = await getJob(saved.id, abort.signal);
        if (abort.signal.aborted) return;
        const end = endOf(job);
        if (end) {
          finish(end, owner);
          return;
        }
        setState((current) => ({
          ...current,
          progress: { position: job.position ?? null, fraction: job.progress?.fraction ?? null, etaSeconds: null },
        }));
        await follow(owner, saved, abort);
      } catch (error) {
        if (abort.signal.aborted) return;
        // Gone (expired, or another account's): nothing to come back to.
        runningJob.forget(owner);
        stop({ ...idle, error });
      }
    },
    [finish, follow, stop],
  );

  useEffect(() => {
    const saved = uid ? runningJob.recall(uid) : null;
    if (!uid || !saved || run.current) return;
    const abort = new AbortController();
    run.current = { uid, id: saved.id, abort };
    void resume(uid, saved, abort);
  }, [uid, resume]);

  // Leaving the page stops listening; the job goes on and is resumed on the next visit.
  useEffect(
    () => () => {
      run.current?.abort.abort();
      stop(idle);
    },
    [stop],
  );

  const start = useCallback(
    async (request: GenerationRequest) => {
      if (run.current || !uid) return;
      const current = { uid, id: null as string | null, abort: new AbortController() };
      run.current = current;
      setState({ ...idle, busy: true });
      later(OVERLAY_DELAY_MS, () => {
        setState((state) => ({ ...state, overlay: true }));
      });
      let job;
      try {
        job = await submitJob(request);
      } catch (error) {
        if (!current.abort.signal.aborted) stop({ ...idle, error });
        return;
      }
      const saved = { id: job.id, lastEventId: null };
      runningJob.remember(uid, saved);
      if (current.abort.signal.aborted) return;
      current.id = job.id;
      setState((state) => ({
        ...state,
        progress: { position: job.position ?? null, fraction: null, etaSeconds: job.etaSeconds ?? null },
      }));
      await follow(uid, saved, current.abort);
    },
    [uid, later, stop, follow],
  );

  /** Cancels the job while it is in line; its credit comes back. */
  const cancel = useCallback(async () => {
    const current = run.current;
    if (!current?.id) return;
    setState((state) => ({ ...state, cancelError: null }));
    try {
      await cancelJob(current.id);
    } catch (error) {
      setState((state) => ({ ...state, cancelError: error instanceof Error ? error.message : String(error) }));
      return;
    }
    current.abort.abort();
    finish({ kind: 'canceled' }, current.uid);
  }, [finish]);

  return { ...state, start, cancel };
}
