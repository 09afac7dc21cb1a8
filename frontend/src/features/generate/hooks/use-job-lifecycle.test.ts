import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { fakeAuth } from '@/testing/fake-firebase';
import { HELD_JOB, holdNextJob } from '@/testing/held-job';
import { db, makeGeneration, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import type { Generation } from '@/types/api';

import { runningJob } from '../running-job';

import { useJobLifecycle } from './use-job-lifecycle';

const request = { prompt: 'A red fox in snow' };

/** The hook for the signed-in uid-1, with every event it reports recorded. */
function renderLifecycle() {
  const events = {
    onSubmitting: vi.fn<() => void>(),
    onResuming: vi.fn<() => void>(),
    onDone: vi.fn<(generations: readonly Generation[], release: () => void) => void>(),
    onStopped: vi.fn<(error: unknown) => void>(),
  };
  const view = renderHook(() => useJobLifecycle({ uid: 'uid-1', ...events }));
  return { ...view, events };
}

type Result = ReturnType<typeof renderLifecycle>['result'];

/** Starts a job and waits until `start` returns: the job ended, or it could not be submitted. */
async function generate(result: Result) {
  await act(async () => {
    await result.current.start(request);
  });
}

/** Starts the job holdNextJob holds, and waits until it is in line (second). */
async function generateHeld(result: Result) {
  act(() => {
    void result.current.start(request);
  });
  await waitFor(() => {
    expect(result.current.progress.position).toBe(2);
  });
}

describe('useJobLifecycle', () => {
  beforeEach(() => {
    fakeAuth.addAccount({ email: 'ada@example.com' }, true);
  });

  it('submits the job, follows it to its images and holds the run until it is released', async () => {
    const { result, events } = renderLifecycle();
    await generate(result);

    expect(events.onSubmitting).toHaveBeenCalledOnce();
    expect(events.onDone).toHaveBeenCalledOnce();
    const [generations, release] = events.onDone.mock.calls[0] ?? [];
    expect(generations?.map((generation) => generation.prompt)).toEqual([request.prompt]);
    expect(result.current).toMatchObject({ done: true, progress: { position: null, fraction: 1, etaSeconds: 0 } });
    expect(runningJob.recall('uid-1')).toEqual({ id: 'job-1', lastEventId: '2-0' });

    await generate(result); // the run is still held: no second job
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(1);

    act(() => {
      release?.();
    });
    expect(result.current).toMatchObject({ done: false, error: null });
    expect(runningJob.recall('uid-1')).toBeNull();
    await generate(result);
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(2);
  });

  it('shows the place in line and the progress as the events tell them', async () => {
    const stream = holdNextJob();
    const { result } = renderLifecycle();
    await generateHeld(result);
    expect(result.current.progress).toEqual({ position: 2, fraction: null, etaSeconds: 5 });

    stream.send({ event: 'queued', data: { position: 1, etaSeconds: 2 } });
    await waitFor(() => {
      expect(result.current.progress).toEqual({ position: 1, fraction: null, etaSeconds: 2 });
    });
    stream.send({ event: 'progress', data: { fraction: 0.4, etaSeconds: 1 }, id: '1-0' });
    await waitFor(() => {
      expect(result.current.progress).toEqual({ position: null, fraction: 0.4, etaSeconds: 1 });
    });
    expect(runningJob.recall('uid-1')).toEqual({ id: HELD_JOB, lastEventId: '1-0' });
    stream.close();
  });

  it("stops with the gateway's error when the job cannot be submitted, and remembers nothing", async () => {
    server.use(
      http.post('/api/v1/jobs', () => fail('POST /api/v1/jobs', 422, 'invalid_field', 'seed: must be a whole number')),
    );
    const { result, events } = renderLifecycle();
    await generate(result);

    expect(events.onStopped).toHaveBeenCalledExactlyOnceWith(result.current.error);
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({ code: 'invalid_field' });
    expect(runningJob.recall('uid-1')).toBeNull();
  });

  it("resumes the user's remembered job when it mounts, after the last event seen", async () => {
    const made = makeGeneration({ id: 'made' });
    db.jobs.set('job-7', {
      id: 'job-7',
      uid: 'uid-1',
      status: 'running',
      events: [
        { event: 'progress', data: { fraction: 0.3, etaSeconds: 2 }, id: '1-0' },
        { event: 'done', data: { generations: [made] }, id: '2-0' },
      ],
    });
    runningJob.remember('uid-1', { id: 'job-7', lastEventId: '1-0' });
    const { events } = renderLifecycle();

    expect(events.onResuming).toHaveBeenCalledOnce();
    await waitFor(() => {
      expect(events.onDone).toHaveBeenCalledWith([made], expect.any(Function));
    });
    expect(requestsTo('GET', '/api/v1/jobs/job-7/events').map((sent) => sent.lastEventId)).toEqual(['1-0']);
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
  });

  it('keeps the job remembered when the page is left mid-run', async () => {
    const stream = holdNextJob();
    const { result, unmount } = renderLifecycle();
    await generateHeld(result);
    unmount();
    expect(runningJob.recall('uid-1')).toEqual({ id: HELD_JOB, lastEventId: null });
    stream.close();
  });

  it('cancels a job in line: it stops without an error and is forgotten', async () => {
    const stream = holdNextJob();
    const { result, events } = renderLifecycle();
    await generateHeld(result);
    await act(async () => {
      await result.current.cancel();
    });

    expect(requestsTo('DELETE', `/api/v1/jobs/${HELD_JOB}`)).toHaveLength(1);
    expect(events.onStopped).toHaveBeenCalledExactlyOnceWith(null);
    expect(result.current.error).toBeNull();
    expect(runningJob.recall('uid-1')).toBeNull();
    stream.close();
  });

  it('says why Cancel did not work once the job runs, and goes on following it', async () => {
    const stream = holdNextJob();
    const { result, events } = renderLifecycle();
    await generateHeld(result);
    const job = db.jobs.get(HELD_JOB);
    if (job) job.status = 'running';
    await act(async () => {
      await result.current.cancel();
    });

    expect(result.current.cancelError).toBe('the job is running; only a queued job can be canceled');
    expect(events.onStopped).not.toHaveBeenCalled();
    stream.send({ event: 'progress', data: { fraction: 0.5, etaSeconds: 1 }, id: '1-0' });
    await waitFor(() => {
      expect(result.current.progress.fraction).toBe(0.5);
    });
    stream.close();
  });
});
