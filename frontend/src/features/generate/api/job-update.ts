import { ApiError } from '@/lib/api-client';
import type { ErrorDetail, Generation, Job } from '@/types/api';

/** Where a job stands, as its events and its snapshot tell it. */
export type JobUpdate =
  | { readonly kind: 'queued'; readonly position: number; readonly etaSeconds: number | null }
  | { readonly kind: 'progress'; readonly fraction: number; readonly etaSeconds: number | null }
  | { readonly kind: 'done'; readonly generations: readonly Generation[] }
  | { readonly kind: 'failed'; readonly error: ApiError }
  | { readonly kind: 'canceled' };

export type JobEnd = Extract<JobUpdate, { kind: 'done' | 'failed' | 'canceled' }>;

export const isEnd = (update: JobUpdate): update is JobEnd =>
  update.kind === 'done' || update.kind === 'failed' || update.kind === 'canceled';

/** A failed job's end, with the gateway's code and message, or generic ones where it gave none. */
export function failedWith(detail: Partial<ErrorDetail> | null | undefined): JobEnd {
  const code = typeof detail?.code === 'string' ? detail.code : 'backend_failed';
  const message =
    typeof detail?.message === 'string' ? detail.message : 'The image could not be generated. Please try again.';
  return { kind: 'failed', error: new ApiError(200, code, message) };
}

/** The end of a job read with `getJob`, or null while it is still queued or running. */
export function endOf(job: Job): JobEnd | null {
  switch (job.status) {
    case 'succeeded':
      return { kind: 'done', generations: job.generations ?? [] };
    case 'failed':
      return failedWith(job.error);
    case 'canceled':
      return { kind: 'canceled' };
    default:
      return null;
  }
}
