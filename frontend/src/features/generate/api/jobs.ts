import { ApiError, client, unwrap } from '@/lib/api-client';
import { readEvents } from '@/lib/sse';
import type { ErrorDetail, Generation, GenerationRequest, Job } from '@/types/api';

/** `POST /api/v1/jobs`: queues a generation; the gateway answers at once (202). */
export function submitJob(body: GenerationRequest): Promise<Job> {
  return unwrap(client.POST('/api/v1/jobs', { body }));
}

export function getJob(id: string, signal?: AbortSignal): Promise<Job> {
  return unwrap(client.GET('/api/v1/jobs/{id}', { params: { path: { id } }, signal }));
}

/** Cancels a job still in line (its credit comes back); 409 `job_not_cancelable` once it runs. */
export async function cancelJob(id: string): Promise<void> {
  await unwrap(client.DELETE('/api/v1/jobs/{id}', { params: { path: { id } } }));
}

/** Where a job stands, as its events and its snapshot tell it. */
export type JobUpdate =
  | { readonly kind: 'queued'; readonly position: number; readonly etaSeconds: number | null }
  | { readonly kind: 'progress'; readonly fraction: number; readonly etaSeconds: number | null }
  | { readonly kind: 'done'; readonly generations: readonly Generation[] }
  | { readonly kind: 'failed'; readonly error: ApiError }
  | { readonly kind: 'canceled' };

export type JobEnd = Extract<JobUpdate, { kind: 'done' | 'failed' | 'canceled' }>;

const isEnd = (update: JobUpdate): update is JobEnd =>
  update.kind === 'done' || update.kind === 'failed' || update.kind === 'canceled';

function failedWith(detail: Partial<ErrorDetail> | null | undefined): JobEnd {
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

function parse(data: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function updateOf(event: string, data: string): JobUpdate | null {
  const payload = parse(data);
  switch (event) {
    case 'queued':
      return {
        kind: 'queued',
        position: numberOrNull(payload.position) ?? 0,
        etaSeconds: numberOrNull(payload.etaSeconds),
      };
    case 'progress':
      return {
        kind: 'progress',
        fraction: Math.min(1, Math.max(0, numberOrNull(payload.fraction) ?? 0)),
        etaSeconds: numberOrNull(payload.etaSeconds),
      };
    case 'done':
      return {
        kind: 'done',
        generations: Array.isArray(payload.generations) ? (payload.generations as Generation[]) : [],
      };
    case 'error':
      return failedWith(payload);
    case 'canceled':
      return { kind: 'canceled' };
    default:
      return null; // keep-alives and future events
  }
}

export interface FollowOptions {
  /** Resume after this event (the `id:` of the last one seen); null from the start. */
  readonly lastEventId: string | null;
  readonly signal: AbortSignal;
  readonly onUpdate: (update: JobUpdate) => void;
  /** Each event id as it passes, to be remembered for a later resume. */
  readonly onCursor: (lastEventId: string) => void;
}

/** Dropped connections in a row before the run is given up (the job itself goes on). */
const RECONNECTS = 3;
const RECONNECT_DELAY_MS = 500;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });
}

const closedEarly = () =>
  new ApiError(0, 'stream_closed', 'The connection closed before your image was ready. Please try again.');

async function openEvents(id: string, lastEventId: string | null, signal: AbortSignal) {
  const body = await unwrap(
    client.GET('/api/v1/jobs/{id}/events', {
      params: { path: { id }, header: lastEventId === null ? {} : { 'Last-Event-ID': lastEventId } },
      headers: { Accept: 'text/event-stream' },
      parseAs: 'stream',
      signal,
    }),
  );
  if (!body) throw closedEarly();
  return body;
}

/**
 * Follows `GET /api/v1/jobs/{id}/events` until the job ends, and resolves with its end. A
 * stream that drops (network, proxy, deploy) is opened again with `Last-Event-ID`, so no
 * event is missed or repeated. One the gateway ends as `idle` (nothing happened for a while;
 * it frees one of the user's ten streams) is opened again at once, and is no drop.
 */
export async function followJob(id: string, { lastEventId, signal, onUpdate, onCursor }: FollowOptions): Promise<JobEnd> {
  let cursor = lastEventId;
  for (let drops = 0; ; drops++) {
    let idle = false;
    try {
      for await (const event of readEvents(await openEvents(id, cursor, signal))) {
        if (event.lastEventId !== null && event.lastEventId !== cursor) {
          cursor = event.lastEventId;
          onCursor(cursor);
          drops = 0;
        }
        if (event.event === 'idle') {
          idle = true;
          break;
        }
        const update = updateOf(event.event, event.data);
        if (!update) continue;
        if (isEnd(update)) return update;
        onUpdate(update);
      }
    } catch (cause) {
      // A lost connection is worth another try; the gateway's own answers are final.
      const answered = cause instanceof ApiError && cause.status !== 0;
      if (signal.aborted || answered) throw cause;
    }
    if (idle) {
      drops = -1;
      continue;
    }
    if (drops >= RECONNECTS) throw closedEarly();
    await wait(RECONNECT_DELAY_MS * (drops + 1), signal);
  }
}
