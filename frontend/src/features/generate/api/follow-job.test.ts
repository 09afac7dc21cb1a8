import { beforeEach, describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { fakeAuth } from '@/testing/fake-firebase';
import { db, requestsTo, type FakeJob } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeGeneration } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { controlledStream, sseResponse, type StreamEvent } from '@/testing/sse';
import { advance, settle, useFakeTimeouts } from '@/testing/timers';

import { followJob, RECONNECTS, RECONNECT_DELAY_MS, STREAMS_FULL_WAIT_MS } from './follow-job';
import type { JobUpdate } from './job-update';

const made = makeGeneration({ id: 'made' });

/** A job of the signed-in user (uid-1) on the fake gateway, whose stream serves `events`. */
function jobWith(events: StreamEvent[], uid = 'uid-1'): FakeJob {
  const job: FakeJob = { id: 'job-1', uid, status: 'running', events };
  db.jobs.set(job.id, job);
  return job;
}

/** Follows job-1 from `lastEventId`, keeping every update and cursor it hands over. */
function follow(lastEventId: string | null = null, abort = new AbortController()) {
  const updates: JobUpdate[] = [];
  const cursors: string[] = [];
  const end = followJob('job-1', {
    lastEventId,
    signal: abort.signal,
    onUpdate: (update) => updates.push(update),
    onCursor: (cursor) => cursors.push(cursor),
  });
  return { end, updates, cursors };
}

/** Every open of job-1's stream answers with these events and ends; returns how many opens came. */
function everyOpenSends(events: () => StreamEvent[]): { readonly count: () => number } {
  let opens = 0;
  server.use(
    http.get('/api/v1/jobs/{id}/events', ({ response }) => {
      opens += 1;
      return response.untyped(sseResponse(events()));
    }),
  );
  return { count: () => opens };
}

const eventsOfJob = () => requestsTo('GET', '/api/v1/jobs/job-1/events');

describe('followJob', () => {
  beforeEach(() => {
    fakeAuth.addAccount({ email: 'ada@example.com' }, true);
  });

  it("hands over each update in order and resolves with the job's end", async () => {
    jobWith([
      { event: 'queued', data: { position: 1, etaSeconds: 2 } },
      { event: 'progress', data: { fraction: 0.5, etaSeconds: 1 }, id: '1-0' },
      { event: 'done', data: { generations: [made] }, id: '2-0' },
    ]);
    const { end, updates, cursors } = follow();
    await expect(end).resolves.toEqual({ kind: 'done', generations: [made] });
    expect(updates).toEqual([
      { kind: 'queued', position: 1, etaSeconds: 2 },
      { kind: 'progress', fraction: 0.5, etaSeconds: 1 },
    ]);
    expect(cursors).toEqual(['1-0', '2-0']);
  });

  it('asks for the events after the last one seen when it resumes a job', async () => {
    jobWith([
      { event: 'progress', data: { fraction: 0.3, etaSeconds: 2 }, id: '1-0' },
      { event: 'progress', data: { fraction: 0.8, etaSeconds: 1 }, id: '2-0' },
      { event: 'done', data: { generations: [made] }, id: '3-0' },
    ]);
    const { end, updates } = follow('1-0');
    await expect(end).resolves.toMatchObject({ kind: 'done' });
    expect(eventsOfJob().map((request) => request.lastEventId)).toEqual(['1-0']);
    expect(updates).toEqual([{ kind: 'progress', fraction: 0.8, etaSeconds: 1 }]);
  });

  it('opens the stream again after the last id seen when the connection drops, missing and repeating nothing', async () => {
    jobWith([
      { event: 'progress', data: { fraction: 0.4, etaSeconds: 2 }, id: '1-0' },
      { event: 'progress', data: { fraction: 0.8, etaSeconds: 1 }, id: '2-0' },
      { event: 'done', data: { generations: [made] }, id: '3-0' },
    ]);
    const dropped = controlledStream();
    server.use(
      http.get('/api/v1/jobs/{id}/events', ({ response }) => response.untyped(dropped.response()), { once: true }),
    );
    useFakeTimeouts();
    const { end, updates } = follow();
    dropped.send({ event: 'progress', data: { fraction: 0.4, etaSeconds: 2 }, id: '1-0' });
    dropped.close(); // no end: the connection is gone
    await settle();
    advance(RECONNECT_DELAY_MS);

    await expect(end).resolves.toMatchObject({ kind: 'done' });
    expect(eventsOfJob().map((request) => request.lastEventId)).toEqual(['1-0']);
    expect(updates.map((update) => update.kind === 'progress' && update.fraction)).toEqual([0.4, 0.8]);
  });

  it('waits longer after each drop in a row, and gives up after three with the connection closed', async () => {
    jobWith([]);
    const opens = everyOpenSends(() => []);
    useFakeTimeouts();
    const failure = follow().end.catch((error: unknown) => error);
    await settle();
    expect(opens.count()).toBe(1);

    for (let drop = 1; drop <= RECONNECTS; drop++) {
      advance(RECONNECT_DELAY_MS * drop - 1);
      await settle();
      expect(opens.count()).toBe(drop);
      advance(1);
      await settle();
      expect(opens.count()).toBe(drop + 1);
    }

    expect(await failure).toMatchObject({ status: 0, code: 'stream_closed' });
    expect(await failure).toBeInstanceOf(ApiError);
  });

  it('never gives up on a stream that moves on between drops', async () => {
    jobWith([]);
    let sent = 0;
    const opens = everyOpenSends(() => {
      sent += 1;
      return sent > RECONNECTS + 2
        ? [{ event: 'done', data: { generations: [made] }, id: `${String(sent)}-0` }]
        : [{ event: 'progress', data: { fraction: sent / 10, etaSeconds: null }, id: `${String(sent)}-0` }];
    });
    useFakeTimeouts();
    const { end, cursors } = follow();
    for (let open = 1; open <= RECONNECTS + 2; open++) {
      await settle();
      expect(opens.count()).toBe(open);
      advance(RECONNECT_DELAY_MS);
    }

    await expect(end).resolves.toMatchObject({ kind: 'done' });
    expect(cursors).toEqual(['1-0', '2-0', '3-0', '4-0', '5-0', '6-0']);
  });

  it('opens the stream again at once, however often the gateway ends it as idle', async () => {
    jobWith([{ event: 'done', data: { generations: [made] }, id: '1-0' }]);
    let idled = 0;
    server.use(
      http.get('/api/v1/jobs/{id}/events', ({ response }) => {
        if (idled === RECONNECTS + 2) return undefined; // then the job's own events
        idled += 1;
        return response.untyped(sseResponse([{ event: 'idle', data: {} }]));
      }),
    );
    useFakeTimeouts(); // the clock stands still: no wait comes between the opens
    const { end } = follow();
    await settle();

    await expect(end).resolves.toMatchObject({ kind: 'done' });
    expect(idled).toBe(RECONNECTS + 2);
  });

  it('asks again after Retry-After while every stream of the user is open, however long that lasts', async () => {
    jobWith([{ event: 'done', data: { generations: [made] }, id: '1-0' }]);
    let refused = 0;
    server.use(
      http.get('/api/v1/jobs/{id}/events', () => {
        if (refused === RECONNECTS + 1) return undefined; // then a stream frees up
        refused += 1;
        const full = fail('GET /api/v1/jobs/{id}/events', 429, 'too_many_requests', 'at most 10 event streams at once');
        // The gateway's Retry-After only on the first refusal; the others leave the wait to the page.
        if (refused === 1) full.headers.set('Retry-After', '2');
        return full;
      }),
    );
    useFakeTimeouts();
    const { end } = follow();
    await settle();
    expect(refused).toBe(1);
    advance(1999);
    await settle();
    expect(refused).toBe(1);
    advance(1);
    await settle();
    expect(refused).toBe(2);
    for (let open = 2; open <= RECONNECTS + 1; open++) {
      advance(STREAMS_FULL_WAIT_MS);
      await settle();
    }

    await expect(end).resolves.toMatchObject({ kind: 'done' });
    expect(refused).toBe(RECONNECTS + 1);
  });

  it("gives up at once on the gateway's own answer, such as another user's job", async () => {
    jobWith([], 'uid-other');
    const failure = await follow().end.catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 404, code: 'not_found' });
    expect(eventsOfJob()).toHaveLength(1);
  });

  it('stops waiting to open the stream again once aborted', async () => {
    jobWith([]);
    const opens = everyOpenSends(() => []);
    useFakeTimeouts();
    const abort = new AbortController();
    const failure = follow(null, abort).end.catch((error: unknown) => error);
    await settle();
    abort.abort();

    expect(await failure).toMatchObject({ name: 'AbortError' });
    advance(RECONNECT_DELAY_MS * RECONNECTS * 2);
    await settle();
    expect(opens.count()).toBe(1);
  });
});
