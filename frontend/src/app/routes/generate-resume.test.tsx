import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { OVERLAY_CLEAR_MS, OVERLAY_DELAY_MS } from '@/features/generate/hooks/use-overlay-timing';

import { ada, generateButton, openGenerate } from '@/testing/generate-page';
import { HELD_JOB, holdNextJob } from '@/testing/held-job';
import { db, makeGeneration, requestsTo, type FakeJob } from '@/testing/mocks/db';
import { http } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { controlledStream, sseResponse } from '@/testing/sse';
import { advance, settle, useFakeTimeouts, useRunningFakeTimeouts } from '@/testing/timers';
import { readGalleryState } from '@/types/navigation';

// The first account renderApp creates is uid-1; its running job is kept under this key.
const STORAGE_KEY = 'lucent.job.uid-1';

function rememberJob(id: string, lastEventId: string | null) {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ id, lastEventId }));
}

/** A job of uid-1 that runs on the fake gateway; its stream serves `events` after the cursor. */
function runningJob(id: string, events: FakeJob['events'], status: FakeJob['status'] = 'running'): FakeJob {
  const job: FakeJob = { id, uid: 'uid-1', status, events };
  db.jobs.set(id, job);
  return job;
}

const eventsTo = (id: string) => requestsTo('GET', `/api/v1/jobs/${id}/events`);

// The overlay's 4 s after the answer is skipped on a fake clock (`advance`); the waits allow up to 6 s.
describe('Generate page: coming back to a job', { timeout: 15_000 }, () => {
  it('remembers the running job of the user while it runs, and forgets it once shown', async () => {
    const stream = holdNextJob();
    const { user, router } = await openGenerate({ user: ada, fakeTimers: true });
    useRunningFakeTimeouts();
    await user.click(generateButton());
    await waitFor(() => {
      expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null')).toEqual({ id: HELD_JOB, lastEventId: null });
    });
    stream.send({ event: 'progress', data: { fraction: 0.5, etaSeconds: 1 }, id: '1-0' });
    await waitFor(() => {
      expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null')).toEqual({ id: HELD_JOB, lastEventId: '1-0' });
    });
    stream.send({ event: 'done', data: { generations: [makeGeneration({ id: 'made' })] }, id: '2-0' });
    stream.close();
    await settle();
    advance(OVERLAY_CLEAR_MS);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/generation');
    }, { timeout: 6000 });
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('resumes the events after the last one seen when the page is opened again mid-run', async () => {
    const made = makeGeneration({ id: 'made' });
    runningJob('job-7', [
      { event: 'queued', data: { position: 1, etaSeconds: 2 } },
      { event: 'progress', data: { fraction: 0.3, etaSeconds: 4 }, id: '1-0' },
      { event: 'progress', data: { fraction: 0.8, etaSeconds: 1 }, id: '2-0' },
      { event: 'done', data: { generations: [made] }, id: '3-0' },
    ]);
    rememberJob('job-7', '1-0');
    useRunningFakeTimeouts();
    const { router } = await openGenerate({ user: ada });

    // The run was already under way: busy and the overlay at once, no second job.
    expect(generateButton()).toHaveTextContent(/^Generation\.\.\.$/);
    const overlay = screen.getByTestId('generating-overlay');
    expect(await within(overlay).findByText('Done! Opening your images…')).toBeInTheDocument();
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
    expect(eventsTo('job-7').map((request) => request.lastEventId)).toEqual(['1-0']);

    advance(OVERLAY_CLEAR_MS);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/generation');
    }, { timeout: 6000 });
    expect(readGalleryState(router.state.location.state).newIds).toEqual(['made']);
  });

  it('shows the result of a job that ended while the page was away, without following it', async () => {
    const job = runningJob('job-8', [], 'succeeded');
    job.generations = [makeGeneration({ id: 'finished' })];
    rememberJob('job-8', null);
    useRunningFakeTimeouts();
    const { router } = await openGenerate({ user: ada });
    await settle();
    advance(OVERLAY_CLEAR_MS);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/generation');
    }, { timeout: 6000 });
    expect(readGalleryState(router.state.location.state).newIds).toEqual(['finished']);
    expect(eventsTo('job-8')).toHaveLength(0);
  });

  it('shows why a job failed while the page was away, and lets the user generate again', async () => {
    const job = runningJob('job-9', [], 'failed');
    job.error = { code: 'backend_failed', message: 'The image server failed. No credit was used.' };
    rememberJob('job-9', null);
    await openGenerate({ user: ada });
    expect(await screen.findByRole('alert')).toHaveTextContent('The image server failed. No credit was used.');
    expect(generateButton()).toBeEnabled();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('opens the stream again with Last-Event-ID when the connection drops mid-run', async () => {
    const made = makeGeneration({ id: 'made' });
    runningJob(HELD_JOB, [
      { event: 'progress', data: { fraction: 0.4, etaSeconds: 2 }, id: '1-0' },
      { event: 'done', data: { generations: [made] }, id: '2-0' },
    ]);
    const dropped = controlledStream();
    const cursors: (string | null)[] = [];
    server.use(
      http.get(
        '/api/v1/jobs/{id}/events',
        ({ request, response }) => {
          cursors.push(request.headers.get('Last-Event-ID'));
          return response.untyped(dropped.response());
        },
        { once: true },
      ),
    );
    rememberJob(HELD_JOB, null);
    useRunningFakeTimeouts();
    const { router } = await openGenerate({ user: ada });
    dropped.send({ event: 'progress', data: { fraction: 0.4, etaSeconds: 2 }, id: '1-0' });
    dropped.close(); // no final event: the connection is gone

    await waitFor(() => {
      expect([...cursors, ...eventsTo(HELD_JOB).map((request) => request.lastEventId)]).toEqual([null, '1-0']);
    });
    await settle();
    advance(OVERLAY_CLEAR_MS);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/generation');
    }, { timeout: 6000 });
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
  });

  it('opens the stream again at once, as often as the gateway ends it as idle', async () => {
    const made = makeGeneration({ id: 'made' });
    runningJob(HELD_JOB, [
      { event: 'progress', data: { fraction: 0.4, etaSeconds: 2 }, id: '1-0' },
      { event: 'done', data: { generations: [made] }, id: '2-0' },
    ]);
    let idled = 0;
    server.use(
      http.get('/api/v1/jobs/{id}/events', ({ response }) => {
        if (idled === 5) return undefined; // then the job's own events
        idled += 1;
        return response.untyped(
          sseResponse([
            { event: 'queued', data: { position: 1, etaSeconds: 9 } },
            { event: 'idle', data: {} },
          ]),
        );
      }),
    );
    rememberJob(HELD_JOB, null);
    useRunningFakeTimeouts();
    const { router } = await openGenerate({ user: ada });
    await settle();
    advance(OVERLAY_CLEAR_MS);

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/generation');
    }, { timeout: 6000 });
    expect(idled).toBe(5);
    expect(readGalleryState(router.state.location.state).newIds).toEqual(['made']);
  });

  it('cancels a queued job with DELETE and goes back to the form', async () => {
    const stream = holdNextJob();
    const { user } = await openGenerate({ user: ada, fakeTimers: true });
    await screen.findByTestId('credits');
    useFakeTimeouts();
    await user.click(generateButton());
    await settle();
    advance(2000);
    stream.send({ event: 'queued', data: { position: 2, etaSeconds: 5 } });
    await settle();

    await user.click(within(screen.getByTestId('generating-overlay')).getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(requestsTo('DELETE', `/api/v1/jobs/${HELD_JOB}`)).toHaveLength(1);
    expect(screen.queryByTestId('generating-overlay')).not.toBeInTheDocument();
    expect(generateButton()).toHaveTextContent(/^Generate$/);
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    stream.close();
  });

  it('says so when the job started before Cancel reached the gateway, and keeps waiting', async () => {
    const stream = holdNextJob();
    const { user } = await openGenerate({ user: ada, fakeTimers: true });
    useRunningFakeTimeouts();
    await user.click(generateButton());
    advance(OVERLAY_DELAY_MS);
    const overlay = await screen.findByTestId('generating-overlay', {}, { timeout: 3000 });
    const job = db.jobs.get(HELD_JOB);
    if (job) job.status = 'running';
    stream.send({ event: 'queued', data: { position: 1, etaSeconds: 1 } });
    await user.click(await within(overlay).findByRole('button', { name: 'Cancel' }));

    expect(await within(overlay).findByRole('alert')).toHaveTextContent('only a queued job can be canceled');
    expect(screen.getByTestId('generating-overlay')).toBeInTheDocument();
    stream.send({ event: 'progress', data: { fraction: 0.5, etaSeconds: 1 }, id: '1-0' });
    expect(await within(overlay).findByText('Rendering… 50%')).toBeInTheDocument();
    stream.close();
  });
});
