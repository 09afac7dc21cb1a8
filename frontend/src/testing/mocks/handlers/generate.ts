import type { GenerationRequest, Job } from '@/types/api';

import { db, type FakeJob } from '../db';
import { caller, fail, http, signInFirst } from '../gateway';
import { makeGeneration, makeJobImages } from '../records';
import { sseResponse } from '../../sse';

import { isExplicit, refusedByContentRules } from './content-rules';
import { checkBody, type Made } from './job-request';
import { ageCheckRequired, isAdult } from './profile';

// The catalog, and a job from its submission to its stream's end.

let nextJob = 1;

export function resetJobs(): void {
  nextJob = 1;
}

/** A job that ran to its end at once: its images are saved and its stream replays it all. */
function finishedJob(uid: string, body: GenerationRequest, made: Made): FakeJob {
  const { style, ...drawn } = made;
  const image = {
    prompt: body.prompt,
    style: style.id,
    look: body.look ?? null,
    ...drawn,
    blurred: db.plan !== 'pro',
    explicit: isExplicit(body, made),
  };
  // In the order drawn; several named after their job as the gateway names them, newest first
  // in the history.
  const count = body.count ?? 1;
  const generations = count > 1 ? makeJobImages(count, image).reverse() : [makeGeneration(image)];
  db.history.unshift(...[...generations].reverse());
  db.quota = { ...db.quota, used: db.quota.used + generations.length };
  return {
    id: `job-${String(nextJob++)}`,
    uid,
    status: 'succeeded',
    generations,
    events: [
      { event: 'queued', data: { position: 1, etaSeconds: 1 } },
      { event: 'progress', data: { fraction: 0.5, etaSeconds: 1 }, id: '1-0' },
      { event: 'done', data: { generations }, id: '2-0' },
    ],
  };
}

function jobView(job: FakeJob): Job {
  return {
    id: job.id,
    status: job.status,
    ...(job.status === 'queued' && { position: job.position ?? 1 }),
    ...(job.status === 'succeeded' && { generations: job.generations ?? [] }),
    ...(job.status === 'failed' && { error: job.error ?? null }),
  };
}

function ownJob(request: Request, id: string): FakeJob | null {
  const job = db.jobs.get(id);
  return job?.uid === caller(request) ? job : null;
}

/** The events after `Last-Event-ID` (all of them without it); a place in line has no id. */
function eventsAfter(job: FakeJob, lastEventId: string | null) {
  if (lastEventId === null) return job.events;
  const seen = job.events.findIndex((event) => event.id === lastEventId);
  return job.events.slice(seen + 1).filter((event) => event.id !== undefined);
}

export const generateHandlers = [
  http.get('/api/v1/catalog', ({ response }) => response(200).json(db.catalog)),

  http.post('/api/v1/jobs', async ({ request, response }) => {
    const uid = caller(request);
    if (!uid) return fail('POST /api/v1/jobs', 401, 'token_missing', signInFirst);
    if (db.suspension) {
      return fail('POST /api/v1/jobs', 403, 'account_suspended', 'generation is suspended for this account until our staff have reviewed it');
    }
    const body = await request.json();
    const made = checkBody(body);
    if (made instanceof Response) return made;
    const refused = refusedByContentRules(body);
    if (refused) return refused;
    // After the content rules, before a place in line or a credit, as the gateway checks it.
    if (isExplicit(body, made) && !isAdult()) return fail('POST /api/v1/jobs', 403, 'age_check_required', ageCheckRequired);
    const job = finishedJob(uid, body, made);
    db.jobs.set(job.id, job);
    return response(202).json(
      { id: job.id, status: 'queued', position: 1, etaSeconds: 1 },
      { headers: { Location: `/api/v1/jobs/${job.id}` } },
    );
  }),

  http.get('/api/v1/jobs/{id}', ({ request, params, response }) => {
    if (!caller(request)) return fail('GET /api/v1/jobs/{id}', 401, 'token_missing', signInFirst);
    const job = ownJob(request, params.id);
    if (!job) return fail('GET /api/v1/jobs/{id}', 404, 'not_found', 'job not found');
    return response(200).json(jobView(job));
  }),

  http.get('/api/v1/jobs/{id}/events', ({ request, params, response }) => {
    if (!caller(request)) return fail('GET /api/v1/jobs/{id}/events', 401, 'token_missing', signInFirst);
    const job = ownJob(request, params.id);
    if (!job) return fail('GET /api/v1/jobs/{id}/events', 404, 'not_found', 'job not found');
    // A stream, which the document can only call a string.
    return response.untyped(sseResponse(eventsAfter(job, request.headers.get('Last-Event-ID'))));
  }),

  http.delete('/api/v1/jobs/{id}', ({ request, params, response }) => {
    if (!caller(request)) return fail('DELETE /api/v1/jobs/{id}', 401, 'token_missing', signInFirst);
    const job = ownJob(request, params.id);
    if (!job) return fail('DELETE /api/v1/jobs/{id}', 404, 'not_found', 'job not found');
    if (job.status !== 'queued' && job.status !== 'canceled') {
      return fail('DELETE /api/v1/jobs/{id}', 409, 'job_not_cancelable', `the job is ${job.status}; only a queued job can be canceled`);
    }
    job.status = 'canceled';
    return response(204).empty();
  }),
];
