import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { draftFrom } from '@/features/generate/form-draft';
import { ada, generateButton, openGenerate } from '@/testing/generate-page';
import { HELD_JOB, holdNextJob } from '@/testing/held-job';
import { db, requestsTo, type FakeJob } from '@/testing/mocks/db';
import { http } from '@/testing/mocks/handlers';
import { makeGeneration } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { controlledStream, sseResponse } from '@/testing/sse';

// The first account renderApp creates is uid-1; its jobs are kept under this key.
const STORAGE_KEY = 'lucent.jobs.uid-1';

interface Remembered {
  readonly id: string;
  readonly lastEventId: string | null;
  readonly prompt: string;
  readonly ended?: boolean;
}

/** What the page keeps of uid-1's jobs, newest first, as an earlier visit left it. */
function remember(...jobs: readonly Remembered[]) {
  const saved = jobs.map(({ id, lastEventId, prompt, ended = false }) => ({
    id,
    lastEventId,
    settings: draftFrom({ prompt }),
    ended,
  }));
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
}

const remembered = () =>
  (JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as { id: string; lastEventId: string | null; ended: boolean }[]).map(
    ({ id, lastEventId, ended }) => ({ id, lastEventId, ended }),
  );

/** A job of uid-1 on the fake gateway; its stream serves `events` after the cursor. */
function jobOnGateway(id: string, events: FakeJob['events'], status: FakeJob['status'] = 'running'): FakeJob {
  const job: FakeJob = { id, uid: 'uid-1', status, events };
  db.jobs.set(id, job);
  return job;
}

const eventsTo = (id: string) => requestsTo('GET', `/api/v1/jobs/${id}/events`);
const cardOf = (prompt: string) => screen.getByRole('article', { name: prompt });
const statusOf = (card: HTMLElement) => within(card).getByRole('status');

describe('Generate page: coming back to the jobs', () => {
  it('remembers a job from its acceptance, with the last event seen, and as ended once its images are shown', async () => {
    const stream = holdNextJob();
    const { user } = await openGenerate({ user: ada });
    await user.click(generateButton());
    await waitFor(() => {
      expect(remembered()).toEqual([{ id: HELD_JOB, lastEventId: null, ended: false }]);
    });
    stream.send({ event: 'progress', data: { fraction: 0.5, etaSeconds: 1 }, id: '1-0' });
    await waitFor(() => {
      expect(remembered()).toEqual([{ id: HELD_JOB, lastEventId: '1-0', ended: false }]);
    });
    stream.send({ event: 'done', data: { generations: [makeGeneration({ id: 'made' })] }, id: '2-0' });
    stream.close();
    await waitFor(() => {
      expect(remembered()).toEqual([{ id: HELD_JOB, lastEventId: '2-0', ended: true }]);
    });
  });

  it('resumes two remembered jobs on return, each after its last event, and shows their images in place', async () => {
    const fox = makeGeneration({ id: 'fox', prompt: 'A red fox' });
    const owl = makeGeneration({ id: 'owl', prompt: 'A snowy owl' });
    jobOnGateway('job-fox', [
      { event: 'progress', data: { fraction: 0.3, etaSeconds: 4 }, id: '1-0' },
      { event: 'progress', data: { fraction: 0.8, etaSeconds: 1 }, id: '2-0' },
      { event: 'done', data: { generations: [fox] }, id: '3-0' },
    ]);
    jobOnGateway('job-owl', [
      { event: 'queued', data: { position: 1, etaSeconds: 2 } },
      { event: 'progress', data: { fraction: 0.5, etaSeconds: 2 }, id: '1-0' },
      { event: 'done', data: { generations: [owl] }, id: '2-0' },
    ]);
    remember(
      { id: 'job-owl', lastEventId: null, prompt: 'A snowy owl' },
      { id: 'job-fox', lastEventId: '1-0', prompt: 'A red fox' },
    );
    await openGenerate({ user: ada });

    expect(screen.getAllByRole('article').map((card) => card.getAttribute('data-job-id'))).toEqual(['job-owl', 'job-fox']);
    await within(cardOf('A red fox')).findByRole('img', { name: 'Generated image: A red fox' });
    await within(cardOf('A snowy owl')).findByRole('img', { name: 'Generated image: A snowy owl' });
    expect(eventsTo('job-fox').map((request) => request.lastEventId)).toEqual(['1-0']);
    expect(eventsTo('job-owl').map((request) => request.lastEventId)).toEqual([null]);
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
    // Not a job of theirs holds the button: another can be sent at once.
    expect(generateButton()).toBeEnabled();
  });

  it('shows the images of a job that ended while the page was away, without following it', async () => {
    const job = jobOnGateway('job-8', [], 'succeeded');
    job.generations = [makeGeneration({ id: 'finished', prompt: 'A paper boat' })];
    remember({ id: 'job-8', lastEventId: null, prompt: 'A paper boat' });
    await openGenerate({ user: ada });

    const card = cardOf('A paper boat');
    await within(card).findByRole('img', { name: 'Generated image: A paper boat' });
    expect(eventsTo('job-8')).toHaveLength(0);
    expect(remembered()).toEqual([{ id: 'job-8', lastEventId: null, ended: true }]);
  });

  it('shows on its card why a job failed while the page was away, and lets the user generate again', async () => {
    const job = jobOnGateway('job-9', [], 'failed');
    job.error = { code: 'backend_failed', message: 'the image backend failed' };
    remember({ id: 'job-9', lastEventId: null, prompt: 'A paper boat' });
    await openGenerate({ user: ada });

    expect(await within(cardOf('A paper boat')).findByRole('alert')).toHaveTextContent('the image backend failed');
    expect(generateButton()).toBeEnabled();
  });

  it('drops an ended job the gateway no longer keeps, and says so of one that was still running', async () => {
    remember(
      { id: 'job-old', lastEventId: '2-0', prompt: 'Shown an hour ago', ended: true },
      { id: 'job-lost', lastEventId: null, prompt: 'Left running' },
    );
    await openGenerate({ user: ada });

    expect(await within(cardOf('Left running')).findByRole('alert')).toHaveTextContent('job not found');
    expect(screen.queryByRole('article', { name: 'Shown an hour ago' })).not.toBeInTheDocument();
    expect(within(cardOf('Left running')).queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
    expect(remembered()).toEqual([]);
  });

  it('opens the stream again with Last-Event-ID when the connection drops mid-run', async () => {
    jobOnGateway(HELD_JOB, [
      { event: 'progress', data: { fraction: 0.4, etaSeconds: 2 }, id: '1-0' },
      { event: 'done', data: { generations: [makeGeneration({ prompt: 'A kite' })] }, id: '2-0' },
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
    remember({ id: HELD_JOB, lastEventId: null, prompt: 'A kite' });
    await openGenerate({ user: ada });
    dropped.send({ event: 'progress', data: { fraction: 0.4, etaSeconds: 2 }, id: '1-0' });
    dropped.close(); // no final event: the connection is gone

    await within(cardOf('A kite')).findByRole('img', { name: 'Generated image: A kite' });
    expect([...cursors, ...eventsTo(HELD_JOB).map((request) => request.lastEventId)]).toEqual([null, '1-0']);
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
  });

  it('opens the stream again at once, as often as the gateway ends it as idle', async () => {
    jobOnGateway(HELD_JOB, [{ event: 'done', data: { generations: [makeGeneration({ prompt: 'A kite' })] }, id: '1-0' }]);
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
    remember({ id: HELD_JOB, lastEventId: null, prompt: 'A kite' });
    await openGenerate({ user: ada });

    await within(cardOf('A kite')).findByRole('img', { name: 'Generated image: A kite' });
    expect(idled).toBe(5);
  });

  it('follows a job again on Check again after the page lost it; the job went on meanwhile', async () => {
    const job = jobOnGateway(HELD_JOB, []);
    // The gateway answers, but with no stream: the page gives the job up after its tries.
    server.use(http.get('/api/v1/jobs/{id}/events', ({ response }) => response.untyped(sseResponse([]))));
    remember({ id: HELD_JOB, lastEventId: null, prompt: 'A kite' });
    const { user } = await openGenerate({ user: ada });
    const card = cardOf('A kite');
    const alert = await within(card).findByRole('alert', {}, { timeout: 6000 });
    expect(alert).toHaveTextContent('The connection closed before your image was ready.');
    expect(alert).toHaveTextContent('The job itself goes on: check again to follow it.');
    expect(remembered()).toEqual([{ id: HELD_JOB, lastEventId: null, ended: false }]);

    job.status = 'succeeded';
    job.generations = [makeGeneration({ prompt: 'A kite' })];
    await user.click(within(card).getByRole('button', { name: 'Check again' }));
    await within(card).findByRole('img', { name: 'Generated image: A kite' });
    expect(statusOf(card)).toHaveTextContent('Done');
  });
});
