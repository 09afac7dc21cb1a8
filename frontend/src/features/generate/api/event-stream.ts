import { readEvents } from '@/lib/sse';
import type { Generation, StreamEventName } from '@/types/api';

import { failedWith, type JobUpdate } from './job-update';

// A job's event stream as the contract's `StreamEvent` describes it: each event's name, its
// JSON `data` and the resume cursor. lib/sse.ts reads the `text/event-stream` lines.

/** One event of a job's stream, its `data` read. */
export interface JobEvent {
  /** The event's name; null for one the contract does not name (a later gateway's). */
  readonly name: StreamEventName | null;
  /** What it says of the job; null for `idle`, which only ends the stream, and for unnamed events. */
  readonly update: JobUpdate | null;
  /** The resume cursor: the last `id:` the stream sent, this event's or an earlier one's. */
  readonly lastEventId: string | null;
}

type Payload = Record<string, unknown>;

function parse(data: string): Payload {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as Payload) : {};
  } catch {
    return {};
  }
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

// Every event the contract names, and what its payload says of the job.
const updates: Readonly<Record<StreamEventName, (payload: Payload) => JobUpdate | null>> = {
  queued: (payload) => ({
    kind: 'queued',
    position: numberOrNull(payload.position) ?? 0,
    etaSeconds: numberOrNull(payload.etaSeconds),
  }),
  progress: (payload) => ({
    kind: 'progress',
    fraction: Math.min(1, Math.max(0, numberOrNull(payload.fraction) ?? 0)),
    etaSeconds: numberOrNull(payload.etaSeconds),
  }),
  done: (payload) => ({
    kind: 'done',
    generations: Array.isArray(payload.generations) ? (payload.generations as Generation[]) : [],
  }),
  error: (payload) => failedWith(payload),
  canceled: () => ({ kind: 'canceled' }),
  idle: () => null,
};

const isNamed = (name: string): name is StreamEventName => Object.hasOwn(updates, name);

/** Yields each event of a job's `text/event-stream` body as it arrives. */
export async function* readJobEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<JobEvent> {
  for await (const event of readEvents(body)) {
    const name = isNamed(event.event) ? event.event : null;
    yield { name, update: name === null ? null : updates[name](parse(event.data)), lastEventId: event.lastEventId };
  }
}
