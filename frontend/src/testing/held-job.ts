// A job the fake gateway accepts and keeps in line, for the tests that watch a run unfold.
import { db } from './mocks/db';
import { http } from './mocks/handlers';
import { server } from './mocks/server';
import { controlledStream } from './sse';

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
