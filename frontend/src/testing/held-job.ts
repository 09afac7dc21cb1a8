// Jobs the fake gateway accepts and keeps in line, for the tests that watch them unfold.
import { db } from './mocks/db';
import { caller } from './mocks/gateway';
import { http } from './mocks/handlers';
import { server } from './mocks/server';
import { controlledStream } from './sse';

export const HELD_JOB = 'job-held';

/**
 * The next jobs are accepted with these ids, in order, and stay queued (second in line); each
 * one's event stream sends what the test feeds it (close it after the job's end, as the gateway
 * does: reading stops only then). Later jobs go to the fake gateway as usual.
 */
export function holdJobs(...ids: readonly string[]) {
  const next = [...ids];
  const streams = ids.map((id) => {
    const stream = controlledStream();
    server.use(http.untyped.get(`/api/v1/jobs/${id}/events`, () => stream.response(), { once: true }));
    return stream;
  });
  server.use(
    http.post('/api/v1/jobs', ({ request, response }) => {
      const id = next.shift();
      if (id === undefined) return undefined;
      db.jobs.set(id, { id, uid: caller(request) ?? '', status: 'queued', position: 2, events: [] });
      return response(202).json({ id, status: 'queued', position: 2, etaSeconds: 5 });
    }),
  );
  return streams;
}

/** The next job is accepted as HELD_JOB and stays queued; its event stream sends what the test feeds it. */
export function holdNextJob() {
  const [stream] = holdJobs(HELD_JOB);
  if (!stream) throw new Error('holdJobs gave no stream');
  return stream;
}
