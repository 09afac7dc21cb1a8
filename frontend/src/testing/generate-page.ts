import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

import { routes } from '@/app/router';
import type { GenerationRequest } from '@/types/api';

import { db, requestsTo } from './mocks/db';
import { http } from './mocks/handlers';
import { server } from './mocks/server';
import { renderApp } from './render-app';
import { controlledStream } from './sse';

// Shared by the Generate page's test files (the form; generating).

export const ada = { email: 'ada@example.com', displayName: 'Ada' };

/** /Generate with the catalog loaded. */
export async function openGenerate(options: Parameters<typeof renderApp>[1] = {}) {
  const view = renderApp(routes, { url: '/Generate', ...options });
  await screen.findByRole('radio', { name: 'Real V1.1' });
  return view;
}

export const promptBox = () => screen.getByRole('textbox', { name: 'Prompt' });
export const generateButton = () => screen.getByRole('button', { name: /^(Generate|Generation\.\.\.)$/ });
/** Presses Generate and returns the body the gateway received. */
export async function generateAndWait(user: Awaited<ReturnType<typeof openGenerate>>['user']) {
  await user.click(generateButton());
  await waitFor(() => {
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(1);
  });
  return requestsTo('POST', '/api/v1/jobs').at(-1)?.body as GenerationRequest;
}

export const HELD_JOB = 'job-held';

/**
 * The next job is accepted and stays queued (second in line); its event stream sends what the
 * test feeds it.
 */
export function holdNextJob() {
  const stream = controlledStream();
  server.use(
    http.post('/api/v1/jobs', ({ request, response }) => {
      const uid = /token-for-(.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1] ?? '';
      db.jobs.set(HELD_JOB, { id: HELD_JOB, uid, status: 'queued', position: 2, events: [] });
      return response(202).json({ id: HELD_JOB, status: 'queued', position: 2, etaSeconds: 5 });
    }),
    http.get('/api/v1/jobs/{id}/events', ({ response }) => response.untyped(stream.response()), { once: true }),
  );
  return stream;
}
