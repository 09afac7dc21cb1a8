import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { QueryProvider } from '@/lib/query-provider';
import { fakeAuth } from '@/testing/fake-firebase';
import { HELD_JOB, holdNextJob } from '@/testing/held-job';
import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeGeneration } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { controlledStream } from '@/testing/sse';
import type { Generation } from '@/types/api';

import { draftFrom } from '../form-draft';
import { sessionJobs } from '../session-jobs';

import { useJobs } from './use-jobs';

const request = { prompt: 'A red fox in snow' };
const settings = draftFrom(request);

/** The hook for the signed-in uid-1, with the images of every finished job recorded. */
function renderJobs() {
  const onFinished = vi.fn<(generations: readonly Generation[]) => void>();
  const view = renderHook(() => useJobs({ uid: 'uid-1', onFinished }), { wrapper: QueryProvider });
  return { ...view, onFinished };
}

type Result = ReturnType<typeof renderJobs>['result'];

const stages = (result: Result) => result.current.jobs.map((job) => job.stage.kind);

/** Sends a job and waits until the gateway answered it. */
async function submit(result: Result) {
  let refused: unknown;
  await act(async () => {
    refused = await result.current.submit(request, settings);
  });
  return refused;
}

describe('useJobs', () => {
  beforeEach(() => {
    fakeAuth.addAccount({ email: 'ada@example.com' }, true);
  });

  it('shows the card at once, follows the job to its images, and remembers it as ended', async () => {
    const { result, onFinished } = renderJobs();
    let sent: Promise<unknown> = Promise.resolve();
    act(() => {
      sent = result.current.submit(request, settings);
    });
    expect(result.current.sending).toBe(true);
    expect(result.current.jobs).toMatchObject([{ id: null, settings, stage: { kind: 'sending' } }]);

    await act(() => sent);
    expect(result.current.sending).toBe(false);
    await waitFor(() => {
      expect(stages(result)).toEqual(['done']);
    });
    expect(onFinished).toHaveBeenCalledOnce();
    expect(onFinished.mock.calls[0]?.[0].map((generation) => generation.prompt)).toEqual([request.prompt]);
    expect(sessionJobs.recall('uid-1')).toEqual([{ id: 'job-1', lastEventId: '2-0', settings, ended: true }]);
  });

  it('follows each job on its own, newest first', async () => {
    const stream = holdNextJob();
    const { result } = renderJobs();
    await submit(result);
    await submit(result);

    await waitFor(() => {
      expect(stages(result)).toEqual(['done', 'queued']);
    });
    expect(result.current.jobs.map((job) => job.id)).toEqual(['job-1', HELD_JOB]);
    stream.send({ event: 'progress', data: { fraction: 0.4, etaSeconds: 1 }, id: '1-0' });
    await waitFor(() => {
      expect(result.current.jobs[1]?.stage).toEqual({ kind: 'rendering', fraction: 0.4, etaSeconds: 1 });
    });
    expect(sessionJobs.recall('uid-1').map((saved) => [saved.id, saved.lastEventId, saved.ended])).toEqual([
      ['job-1', '2-0', true],
      [HELD_JOB, '1-0', false],
    ]);
    stream.close();
  });

  it('sends one job per click while the gateway has not answered the first', async () => {
    const { result } = renderJobs();
    let first: Promise<unknown> = Promise.resolve();
    let second: Promise<unknown> = Promise.resolve();
    act(() => {
      first = result.current.submit(request, settings);
      second = result.current.submit(request, settings);
    });
    await act(() => Promise.all([first, second]));
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(1);
    expect(result.current.jobs).toHaveLength(1);
  });

  it("takes the card back and keeps the gateway's refusal when the job is not accepted, remembering nothing", async () => {
    server.use(
      http.post('/api/v1/jobs', () => fail('POST /api/v1/jobs', 429, 'rate_limited', 'Too many requests; try again in 20 s')),
    );
    const { result } = renderJobs();
    const refused = await submit(result);

    expect(refused).toBeInstanceOf(ApiError);
    expect(result.current.submitError).toBe(refused);
    expect(result.current.jobs).toEqual([]);
    expect(sessionStorage.getItem('lucent.jobs.uid-1')).toBeNull();
  });

  it('keeps a job remembered when the page is left mid-run', async () => {
    const stream = holdNextJob();
    const { result, unmount } = renderJobs();
    await submit(result);
    unmount();
    expect(sessionJobs.recall('uid-1')).toEqual([{ id: HELD_JOB, lastEventId: null, settings, ended: false }]);
    stream.close();
  });

  it('cancels a job in line: DELETE, the card says so and the job is over', async () => {
    const stream = holdNextJob();
    const { result } = renderJobs();
    await submit(result);
    const [job] = result.current.jobs;
    if (!job) throw new Error('no card');
    await act(() => result.current.cancel(job));

    expect(requestsTo('DELETE', `/api/v1/jobs/${HELD_JOB}`)).toHaveLength(1);
    expect(stages(result)).toEqual(['canceled']);
    expect(sessionJobs.recall('uid-1')[0]?.ended).toBe(true);
    stream.close();
  });

  it('says why Cancel did not work once the job runs, and goes on following it', async () => {
    const stream = holdNextJob();
    const { result } = renderJobs();
    await submit(result);
    const job = db.jobs.get(HELD_JOB);
    if (job) job.status = 'running';
    const [card] = result.current.jobs;
    if (!card) throw new Error('no card');
    await act(() => result.current.cancel(card));

    expect(result.current.jobs[0]?.cancelError).toBe('the job is running; only a queued job can be canceled');
    stream.send({ event: 'progress', data: { fraction: 0.5, etaSeconds: 1 }, id: '1-0' });
    await waitFor(() => {
      expect(result.current.jobs[0]?.stage).toMatchObject({ kind: 'rendering', fraction: 0.5 });
    });
    stream.close();
  });

  it('comes back to every remembered job when it mounts: one ended meanwhile, one still running', async () => {
    const made = makeGeneration({ id: 'made' });
    db.jobs.set('job-7', { id: 'job-7', uid: 'uid-1', status: 'succeeded', generations: [made], events: [] });
    db.jobs.set('job-8', { id: 'job-8', uid: 'uid-1', status: 'running', events: [] });
    const stream = controlledStream();
    server.use(http.untyped.get('/api/v1/jobs/job-8/events', () => stream.response(), { once: true }));
    sessionJobs.add('uid-1', { id: 'job-7', lastEventId: null, settings, ended: false });
    sessionJobs.add('uid-1', { id: 'job-8', lastEventId: '1-0', settings, ended: false });
    const { result, onFinished } = renderJobs();
    expect(stages(result)).toEqual(['resuming', 'resuming']);

    stream.send({ event: 'progress', data: { fraction: 0.6, etaSeconds: 1 }, id: '2-0' });
    await waitFor(() => {
      expect(result.current.jobs.map((job) => job.stage)).toEqual([
        { kind: 'rendering', fraction: 0.6, etaSeconds: 1 },
        { kind: 'done', generations: [made] },
      ]);
    });
    expect(onFinished).toHaveBeenCalledExactlyOnceWith([made]);
    expect(requestsTo('GET', '/api/v1/jobs/job-7/events')).toHaveLength(0);
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
    expect(sessionJobs.recall('uid-1').map((saved) => [saved.id, saved.lastEventId, saved.ended])).toEqual([
      ['job-8', '2-0', false],
      ['job-7', null, true],
    ]);
    stream.close();
  });

  it('shows a job whose end an earlier visit showed without telling it again, and drops one past its keep', async () => {
    const made = makeGeneration({ id: 'made' });
    db.jobs.set('job-7', { id: 'job-7', uid: 'uid-1', status: 'succeeded', generations: [made], events: [] });
    sessionJobs.add('uid-1', { id: 'job-gone', lastEventId: '3-0', settings, ended: true });
    sessionJobs.add('uid-1', { id: 'job-7', lastEventId: '2-0', settings, ended: true });
    const { result, onFinished } = renderJobs();

    await waitFor(() => {
      expect(result.current.jobs.map((job) => [job.id, job.stage.kind])).toEqual([['job-7', 'done']]);
    });
    expect(onFinished).not.toHaveBeenCalled();
    expect(sessionJobs.recall('uid-1').map((saved) => saved.id)).toEqual(['job-7']);
  });
});
