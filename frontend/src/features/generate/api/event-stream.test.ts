import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { makeGeneration } from '@/testing/mocks/records';
import { bodyOf, encodeEvent, type StreamEvent } from '@/testing/sse';

import { readJobEvents, type JobEvent } from './event-stream';

async function collect(body: ReadableStream<Uint8Array>): Promise<JobEvent[]> {
  const events: JobEvent[] = [];
  for await (const event of readJobEvents(body)) events.push(event);
  return events;
}

/** The events a gateway stream of `events` yields, sent in one chunk each. */
const read = (...events: StreamEvent[]) => collect(bodyOf(...events.map(encodeEvent)));

describe('readJobEvents', () => {
  it("reads a job's place in line, its progress and its images", async () => {
    const made = makeGeneration({ id: 'made' });
    const events = await read(
      { event: 'queued', data: { position: 2, etaSeconds: 5 } },
      { event: 'progress', data: { fraction: 0.4, etaSeconds: 3 }, id: '1-0' },
      { event: 'done', data: { generations: [made] }, id: '2-0' },
    );
    expect(events).toEqual([
      { name: 'queued', update: { kind: 'queued', position: 2, etaSeconds: 5 }, lastEventId: null },
      { name: 'progress', update: { kind: 'progress', fraction: 0.4, etaSeconds: 3 }, lastEventId: '1-0' },
      { name: 'done', update: { kind: 'done', generations: [made] }, lastEventId: '2-0' },
    ]);
  });

  it('reads an event split anywhere across chunks as one', async () => {
    const text = encodeEvent({ event: 'progress', data: { fraction: 0.5, etaSeconds: 2 }, id: '3-0' });
    const events = await collect(bodyOf(text.slice(0, 3), text.slice(3, 17), text.slice(17, 30), text.slice(30)));
    expect(events).toEqual([
      { name: 'progress', update: { kind: 'progress', fraction: 0.5, etaSeconds: 2 }, lastEventId: '3-0' },
    ]);
  });

  it('passes over comments, such as the keep-alives between events', async () => {
    const queued = encodeEvent({ event: 'queued', data: { position: 1, etaSeconds: 4 } });
    const events = await collect(bodyOf(': keep-alive\n\n', queued, ': keep-alive\n\n'));
    expect(events.map((event) => event.update)).toEqual([{ kind: 'queued', position: 1, etaSeconds: 4 }]);
  });

  it('keeps the last id: seen as the resume cursor for the events that carry none', async () => {
    const events = await read(
      { event: 'progress', data: { fraction: 0.2, etaSeconds: null }, id: '4-0' },
      { event: 'queued', data: { position: 1, etaSeconds: 4 } },
      { event: 'progress', data: { fraction: 0.6, etaSeconds: null }, id: '5-0' },
    );
    expect(events.map((event) => event.lastEventId)).toEqual(['4-0', '4-0', '5-0']);
  });

  it("reads an error event as the job's failure, with the gateway's code and message", async () => {
    const [event] = await read({
      event: 'error',
      data: { code: 'backend_failed', message: 'The image server failed. No credit was used.' },
      id: '6-0',
    });
    expect(event?.update).toEqual({ kind: 'failed', error: expect.any(ApiError) as unknown });
    expect(event?.update).toMatchObject({
      error: { code: 'backend_failed', message: 'The image server failed. No credit was used.' },
    });
  });

  it('reads canceled as the end of the job, and idle as the end of the stream only', async () => {
    const events = await read({ event: 'canceled', data: {}, id: '7-0' }, { event: 'idle', data: {} });
    expect(events).toEqual([
      { name: 'canceled', update: { kind: 'canceled' }, lastEventId: '7-0' },
      { name: 'idle', update: null, lastEventId: '7-0' },
    ]);
  });

  it('names no event the contract does not list, but still moves the cursor past it', async () => {
    const events = await collect(bodyOf('event: later\ndata: {}\nid: 8-0\n\n', 'data: unnamed\n\n'));
    expect(events).toEqual([
      { name: null, update: null, lastEventId: '8-0' },
      { name: null, update: null, lastEventId: '8-0' },
    ]);
  });

  it('keeps progress between 0 and 1, and reads a payload that is not JSON as an empty one', async () => {
    const events = await collect(
      bodyOf('event: progress\ndata: {"fraction":1.5}\n\n', 'event: progress\ndata: oops\n\n', 'event: error\ndata: oops\n\n'),
    );
    expect(events.map((event) => event.update)).toEqual([
      { kind: 'progress', fraction: 1, etaSeconds: null },
      { kind: 'progress', fraction: 0, etaSeconds: null },
      { kind: 'failed', error: expect.any(ApiError) as unknown },
    ]);
    expect(events[2]?.update).toMatchObject({
      error: { code: 'backend_failed', message: 'The image could not be generated. Please try again.' },
    });
  });
});
