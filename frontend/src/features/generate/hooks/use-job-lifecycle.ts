import { useCallback, useEffect, useRef, useState } from 'react';

import type { Generation, GenerationRequest } from '@/types/api';

import { followJob } from '../api/follow-job';
import { endOf, type JobEnd, type JobUpdate } from '../api/job-update';
import { cancelJob, getJob, submitJob } from '../api/jobs';
import { runningJob, type RunningJob } from '../running-job';

export interface GenerationProgress {
  /** Place in the gateway's queue (1 = next); null once rendering started. */
  readonly position: number | null;
  /** 0..1, null until the backend reports progress. */
  readonly fraction: number | null;
  readonly etaSeconds: number | null;
}

export interface JobState {
  readonly progress: GenerationProgress;
  /** The images are ready; the run is held until the caller releases it. */
  readonly done: boolean;
  readonly error: unknown;
  /** Why Cancel did not work (the job had started), or null. */
  readonly cancelError: string | null;
}

const noJob: JobState = {
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

interface Run {
  readonly uid: string;
  /** Null until the gateway accepted the job. */
  id: string | null;
  readonly abort: AbortController;
}

export interface JobLifecycleEvents {
  /** A new job is being submitted. */
  readonly onSubmitting: () => void;
  /** A job from an earlier visit is being followed again. */
  readonly onResuming: () => void;
  /** The images are ready; `release` forgets the job and lets a new one start. */
  readonly onDone: (generations: readonly Generation[], release: () => void) => void;
  /** The run is over without images: failed (`error` says why, as the state's does) or canceled (null). */
  readonly onStopped: (error: unknown) => void;
}

interface Options extends JobLifecycleEvents {
  /** The signed-in user, whose running job is remembered; null for a guest. */
  readonly uid: string | null;
}

/**
 * One generation job at a time, from submitting it to its end: it follows the job's events,
 * cancels it while it waits in line, and remembers it per user (running-job.ts), so leaving
 * or reloading the page does not lose it; the next visit resumes its events (or shows its
 * result when it ended meanwhile).
 */
export function useJobLifecycle({ uid, ...events }: Options) {
  const [state, setState] = useState<JobState>(noJob);
  const run = useRef<Run | null>(null);
  const listeners = useRef(events);

  useEffect(() => {
    listeners.current = events;
  });

  /** Ends the run without images; `error` says why (null when canceled). */
  const stop = useCallback((error: unknown) => {
    run.current = null;
    setState({ ...noJob, error });
    listeners.current.onStopped(error);
  }, []);

  const finish = useCallback(
    (end: JobEnd, owner: string) => {
      if (end.kind !== 'done') {
        runningJob.forget(owner);
        stop(end.kind === 'failed' ? end.error : null);
        return;
      }
      setState((current) => ({ ...current, done: true, progress: { position: null, fraction: 1, etaSeconds: 0 } }));
      listeners.current.onDone(end.generations, () => {
        runningJob.forget(owner);
        run.current = null;
        setState(noJob);
      });
    },
    [stop],
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
        if (!abort.signal.aborted) stop(error);
      }
    },
    [finish, stop],
  );

  const resume = useCallback(
    async (owner: string, saved: RunningJob, abort: AbortController) => {
      setState(noJob);
      listeners.current.onResuming();
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
        stop(error);
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
      run.current = null;
      setState(noJob);
    },
    [],
  );

  const start = useCallback(
    async (request: GenerationRequest) => {
      if (run.current || !uid) return;
      const current: Run = { uid, id: null, abort: new AbortController() };
      run.current = current;
      setState(noJob);
      listeners.current.onSubmitting();
      let job;
      try {
        job = await submitJob(request);
      } catch (error) {
        if (!current.abort.signal.aborted) stop(error);
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
    [uid, stop, follow],
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
