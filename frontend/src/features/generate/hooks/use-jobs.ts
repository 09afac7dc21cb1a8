import { useCallback, useEffect, useRef, useState } from 'react';

import { ApiError } from '@/lib/api-client';
import { useInvalidateAccount } from '@/lib/query-client';
import type { Generation, GenerationRequest, Job } from '@/types/api';

import { followJob } from '../api/follow-job';
import { endOf, type JobEnd } from '../api/job-update';
import { cancelJob, getJob, submitJob } from '../api/jobs';
import type { FormDraft } from '../form-draft';
import { liveStageOf, stageOf, type JobStage } from '../job-stage';
import { sessionJobs, type SavedJob } from '../session-jobs';

/** One job of the session, as its card shows it. */
export interface SessionJob {
  /** The card's own: the same from the click on, before the gateway has named the job. */
  readonly key: string;
  /** Null until the gateway accepted the job. */
  readonly id: string | null;
  /** The form as it was sent. */
  readonly settings: FormDraft;
  readonly stage: JobStage;
  /** A Cancel is on its way. */
  readonly canceling: boolean;
  /** Why the last Cancel did not work (the job had started), or null. */
  readonly cancelError: string | null;
}

interface Options {
  /** The signed-in user, whose jobs are remembered; null for a guest, who has none. */
  readonly uid: string | null;
  /** A job ended with images (once per job, also for one that ended while the page was away). */
  readonly onFinished: (generations: readonly Generation[]) => void;
}

const card = (key: string, id: string | null, settings: FormDraft, stage: JobStage): SessionJob => ({
  key,
  id,
  settings,
  stage,
  canceling: false,
  cancelError: null,
});

// Numbers the cards sent from this page, their keys until the gateway names their jobs.
let sent = 0;

/**
 * The session's jobs, newest first, each followed on its own event stream from the click to its
 * end, as many at once as the gateway takes. A job is remembered per user (session-jobs.ts) from
 * the moment the gateway accepts it, so leaving or reloading the page loses none: mounting again
 * comes back to every one, running or ended. Mount it again (a `key`) for another account.
 */
export function useJobs({ uid, onFinished }: Options) {
  const [jobs, setJobs] = useState<readonly SessionJob[]>(() =>
    uid ? sessionJobs.recall(uid).map((saved) => card(saved.id, saved.id, saved.settings, { kind: 'resuming' })) : [],
  );
  const [sending, setSending] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);
  // A ref, not state: a second click before the next render must already see the first.
  const inFlight = useRef(false);
  const followers = useRef(new Map<string, AbortController>());
  const account = useInvalidateAccount();
  const latest = useRef({ onFinished, account });

  useEffect(() => {
    latest.current = { onFinished, account };
  });

  const change = useCallback((key: string, changed: Partial<SessionJob>) => {
    setJobs((list) => list.map((job) => (job.key === key ? { ...job, ...changed } : job)));
  }, []);

  const drop = useCallback((key: string) => {
    setJobs((list) => list.filter((job) => job.key !== key));
  }, []);

  /** A new follower of the card `key`, stopping any earlier one. */
  const followerOf = useCallback((key: string) => {
    followers.current.get(key)?.abort();
    const abort = new AbortController();
    followers.current.set(key, abort);
    return abort;
  }, []);

  /** Shows the job's end; `shown` when an earlier visit already did, so nothing else follows. */
  const end = useCallback(
    (owner: string, key: string, id: string, ended: JobEnd, shown: boolean) => {
      sessionJobs.update(owner, id, { ended: true });
      change(key, { stage: ended });
      if (shown) return;
      if (ended.kind === 'done') latest.current.onFinished(ended.generations);
      // Settled: the credits of what was not made are back; a flagged image counts against the account.
      void latest.current.account.afterGeneration();
      if (ended.kind === 'failed' && ended.error.code === 'prompt_refused') void latest.current.account.afterRefusal();
    },
    [change],
  );

  const follow = useCallback(
    async (owner: string, key: string, saved: SavedJob, abort: AbortController) => {
      try {
        const ended = await followJob(saved.id, {
          lastEventId: saved.lastEventId,
          signal: abort.signal,
          onUpdate: (update) => {
            change(key, { stage: stageOf(update) });
          },
          onCursor: (lastEventId) => {
            sessionJobs.update(owner, saved.id, { lastEventId });
          },
        });
        if (!abort.signal.aborted) end(owner, key, saved.id, ended, false);
      } catch (error) {
        // The job goes on without the page, and stays remembered to be followed again.
        if (!abort.signal.aborted) change(key, { stage: { kind: 'lost', error, resumable: true } });
      }
    },
    [change, end],
  );

  /**
   * Reads a remembered job again: its end, or where it stands and then its events after the last
   * seen. (Callbacks rather than await: the effect that starts it sets no state itself.)
   */
  const resume = useCallback(
    (owner: string, key: string, saved: SavedJob, abort: AbortController) =>
      getJob(saved.id, abort.signal).then(
        (job) => {
          if (abort.signal.aborted) return;
          const ended = endOf(job);
          if (ended) {
            end(owner, key, saved.id, ended, saved.ended);
            return;
          }
          change(key, { stage: liveStageOf(job) });
          void follow(owner, key, saved, abort);
        },
        (error: unknown) => {
          if (abort.signal.aborted) return;
          // Gone: past the gateway's keep, or another account's. Nothing to come back to.
          const gone = error instanceof ApiError && error.status === 404;
          if (gone) sessionJobs.forget(owner, saved.id);
          if (gone && saved.ended) drop(key);
          else change(key, { stage: { kind: 'lost', error, resumable: !gone } });
        },
      ),
    [change, drop, end, follow],
  );

  useEffect(() => {
    if (!uid) return;
    const running = followers.current;
    for (const saved of sessionJobs.recall(uid)) void resume(uid, saved.id, saved, followerOf(saved.id));
    // Leaving the page stops listening; the jobs go on and are come back to on the next visit.
    return () => {
      for (const abort of running.values()) abort.abort();
      running.clear();
    };
  }, [uid, resume, followerOf]);

  /**
   * Sends a job: its card shows at once, before the gateway answers. Resolves once it answered,
   * with the error that refused it (no job, no card) or null.
   */
  const submit = useCallback(
    async (request: GenerationRequest, settings: FormDraft): Promise<unknown> => {
      if (!uid || inFlight.current) return null;
      inFlight.current = true;
      sent += 1;
      const key = `sent-${String(sent)}`;
      const abort = followerOf(key);
      setSending(true);
      setSubmitError(null);
      setJobs((list) => [card(key, null, settings, { kind: 'sending' }), ...list]);
      let job: Job;
      try {
        job = await submitJob(request);
      } catch (error) {
        inFlight.current = false;
        followers.current.delete(key);
        setSending(false);
        setSubmitError(error);
        drop(key);
        // A refusal may count against the account, and a 403 says it is suspended: the standing
        // shown follows. So does the age check after its 403 (explicit words, or a check reset).
        const code = error instanceof ApiError ? error.code : null;
        if (code === 'prompt_refused' || code === 'account_suspended') void latest.current.account.afterRefusal();
        if (code === 'age_check_required') void latest.current.account.afterAgeCheck();
        return error;
      }
      inFlight.current = false;
      const saved: SavedJob = { id: job.id, lastEventId: null, settings, ended: false };
      // Remembered even when the page was left meanwhile: its credits are held, the next visit shows it.
      sessionJobs.add(uid, saved);
      void latest.current.account.afterGeneration();
      if (abort.signal.aborted) return null;
      setSending(false);
      change(key, { id: job.id, stage: liveStageOf(job) });
      void follow(uid, key, saved, abort);
      return null;
    },
    [uid, change, drop, follow, followerOf],
  );

  /** Cancels a job while it is in line; its credits come back. */
  const cancel = useCallback(
    async ({ key, id }: SessionJob) => {
      if (!uid || !id) return;
      change(key, { canceling: true, cancelError: null });
      try {
        await cancelJob(id);
      } catch (error) {
        change(key, { canceling: false, cancelError: error instanceof Error ? error.message : String(error) });
        return;
      }
      followers.current.get(key)?.abort();
      followers.current.delete(key);
      change(key, { canceling: false });
      end(uid, key, id, { kind: 'canceled' }, false);
    },
    [uid, change, end],
  );

  /** Follows again a job the page lost track of. */
  const checkAgain = useCallback(
    ({ key, id }: SessionJob) => {
      const saved = uid ? sessionJobs.recall(uid).find((job) => job.id === id) : undefined;
      if (!uid || !saved) return;
      change(key, { stage: { kind: 'resuming' } });
      void resume(uid, key, saved, followerOf(key));
    },
    [uid, change, resume, followerOf],
  );

  return { jobs, sending, submitError, submit, cancel, checkAgain };
}
