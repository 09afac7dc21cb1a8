import { ApiError } from '@/lib/api-client';

import { readJobEvents } from './event-stream';
import { isEnd, type JobEnd, type JobUpdate } from './job-update';
import { openJobEvents } from './jobs';

export interface FollowOptions {
  /** Resume after this event (the `id:` of the last one seen); null from the start. */
  readonly lastEventId: string | null;
  readonly signal: AbortSignal;
  readonly onUpdate: (update: JobUpdate) => void;
  /** Each event id as it passes, to be remembered for a later resume. */
  readonly onCursor: (lastEventId: string) => void;
}

/** Dropped connections in a row before the run is given up (the job itself goes on). */
export const RECONNECTS = 3;
/** The wait before the first new try; each further drop in a row waits this much longer. */
export const RECONNECT_DELAY_MS = 500;
/**
 * The wait when the gateway refuses a stream because the user has ten open already (several jobs,
 * several tabs) and does not say how long: one frees as soon as another job ends.
 */
export const STREAMS_FULL_WAIT_MS = 5000;

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

/**
 * Follows `GET /api/v1/jobs/{id}/events` until the job ends, and resolves with its end. A
 * stream that drops (network, proxy, deploy) is opened again with `Last-Event-ID`, so no
 * event is missed or repeated. One the gateway ends as `idle` (nothing happened for a while;
 * it frees one of the user's ten streams) is opened again at once, and is no drop. One refused
 * because all ten are open (429 `too_many_requests`) is asked for again after the gateway's
 * `Retry-After`: the job runs meanwhile, and is no drop either.
 */
export async function followJob(id: string, { lastEventId, signal, onUpdate, onCursor }: FollowOptions): Promise<JobEnd> {
  let cursor = lastEventId;
  for (let drops = 0; ; drops++) {
    let idle = false;
    let full: ApiError | null = null;
    try {
      const body = await openJobEvents(id, cursor, signal);
      if (!body) throw closedEarly();
      for await (const event of readJobEvents(body)) {
        if (event.lastEventId !== null && event.lastEventId !== cursor) {
          cursor = event.lastEventId;
          onCursor(cursor);
          drops = 0;
        }
        if (event.name === 'idle') {
          idle = true;
          break;
        }
        if (!event.update) continue;
        if (isEnd(event.update)) return event.update;
        onUpdate(event.update);
      }
    } catch (cause) {
      // A lost connection is worth another try, and so is a full set of streams; the gateway's
      // other answers are final.
      if (cause instanceof ApiError && cause.code === 'too_many_requests') full = cause;
      const answered = cause instanceof ApiError && cause.status !== 0 && !full;
      if (signal.aborted || answered) throw cause;
    }
    if (full) await wait(full.retryAfter === undefined ? STREAMS_FULL_WAIT_MS : Math.max(1, full.retryAfter) * 1000, signal);
    if (idle || full) {
      drops = -1;
      continue;
    }
    if (drops >= RECONNECTS) throw closedEarly();
    await wait(RECONNECT_DELAY_MS * (drops + 1), signal);
  }
}
