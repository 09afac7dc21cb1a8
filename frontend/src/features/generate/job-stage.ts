import type { Job } from '@/types/api';

import type { JobEnd, JobUpdate } from './api/job-update';

/** Where a job stands while it is not over, as the gateway last said it; null where it has not said. */
export type LiveStage =
  | { readonly kind: 'queued'; readonly position: number | null; readonly etaSeconds: number | null }
  | { readonly kind: 'rendering'; readonly fraction: number | null; readonly etaSeconds: number | null };

/** What a job's card shows, from the click to the job's end. */
export type JobStage =
  /** The POST is on its way: the card is there before the gateway answers. */
  | { readonly kind: 'sending' }
  /** A job of an earlier visit, being read again. */
  | { readonly kind: 'resuming' }
  | LiveStage
  | JobEnd
  /**
   * The page could not follow it (the connection, or the job is gone): the job itself may go on.
   * `resumable` while it is still remembered, so it can be followed again.
   */
  | { readonly kind: 'lost'; readonly error: unknown; readonly resumable: boolean };

/** The stage an event of the job's stream tells. */
export function stageOf(update: JobUpdate): JobStage {
  if (update.kind === 'queued') return { kind: 'queued', position: update.position, etaSeconds: update.etaSeconds };
  if (update.kind === 'progress') return { kind: 'rendering', fraction: update.fraction, etaSeconds: update.etaSeconds };
  return update;
}

/** The stage of a job the gateway reads as queued or running (its answer to the POST, or a snapshot). */
export function liveStageOf(job: Job): LiveStage {
  if (job.status === 'queued') return { kind: 'queued', position: job.position ?? null, etaSeconds: job.etaSeconds ?? null };
  return { kind: 'rendering', fraction: job.progress?.fraction ?? null, etaSeconds: job.progress?.etaSeconds ?? null };
}
