import { HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';

import type { ErrorBody, ErrorCode, ErrorCodeOf, GenerationRequest, Job, Me, operationErrors, paths, SupportUser } from '@/types/api';

import { fakeAuth } from '../fake-firebase';
import { sseResponse } from '../sse';

import { db, makeGeneration, type FakeJob } from './db';

// A fake gateway backed by ./db: the happy paths, plus the rules the UI relies on (auth, pro
// only actions). Paths, bodies and answers are typed by the gateway's OpenAPI document, and
// errors carry only the status and `code`s the document lists for the operation. A test
// arranges db, or overrides one handler with server.use().

export const http = createOpenApiHttp<paths>();

/** The gateway's error body; `operation` is "METHOD /path" as in the document. */
export function fail<Operation extends keyof operationErrors, Status extends keyof operationErrors[Operation] & number>(
  _operation: Operation,
  status: Status,
  code: ErrorCodeOf<Operation, Status>,
  message: string,
) {
  // Like the gateway: an invalid_field names its field in front of the message and in `field`.
  const field = code === 'invalid_field' ? /^([A-Za-z][A-Za-z0-9_.]*): /.exec(message)?.[1] : undefined;
  // Every code the document lists for an operation is one of its ErrorCode enum.
  return HttpResponse.json<ErrorBody>({ error: { code: code as ErrorCode, message, ...(field && { field }) } }, { status });
}

async function record(request: StrictRequest<DefaultBodyType>): Promise<void> {
  // A DELETE may carry a body too (support's reason).
  const text = request.method === 'GET' ? '' : await request.clone().text();
  db.requests.push({
    method: request.method,
    path: new URL(request.url).pathname,
    search: new URL(request.url).search,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    authorization: request.headers.get('Authorization'),
    lastEventId: request.headers.get('Last-Event-ID'),
  });
}

/** The uid the bearer token names, or null. */
function caller(request: Request): string | null {
  const match = /^Bearer token-for-(.+)$/.exec(request.headers.get('Authorization') ?? '');
  return match?.[1] ?? null;
}

const signInFirst = 'Sign in first: this call needs an ID token';

/** Like the gateway, which checks the token's claim (and the account): anyone else is not told the route exists. */
function isStaff(request: Request): boolean {
  const uid = caller(request);
  const claims = uid ? fakeAuth.claimsOf(uid) : {};
  return claims.support === true || claims.admin === true;
}

const staffOnly = 'route not found';

/** The staff member as the gateway names them in the audit trail: "email (uid)". */
function actor(request: Request): string {
  return `${fakeAuth.signedInUser()?.email ?? 'no email'} (${caller(request) ?? ''})`;
}

/** Like the gateway's check of every action's reason: 1 to 500 characters once trimmed. */
function reasonProblem(raw: string): string | null {
  const reason = raw.trim();
  if (reason === '') return 'must say why (it goes into the audit trail)';
  // Counted in code points, as the gateway counts chars.
  if (Array.from(reason).length > 500) return 'is at most 500 characters';
  return null;
}

const ownRecord = 'staff cannot change their own record; ask a colleague';
const DAY_MS = 24 * 3600 * 1000;

/** The gateway's day in a why sentence, e.g. "Dec 31, 2026". */
function whyDay(ms: number): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(ms);
}

function supportUserOf(uid: string): SupportUser | undefined {
  return db.supportUsers.find(({ profile }) => profile.uid === uid);
}

/** Saves a changed user with a new entry at the end of their audit trail; returns the user. */
function changed(request: Request, user: SupportUser, change: Omit<SupportUser, 'audit'>, action: string, reason: string) {
  const updated: SupportUser = {
    ...change,
    audit: [...user.audit, { at: Date.now(), actor: actor(request), action, reason: reason.trim() }],
  };
  db.supportUsers = db.supportUsers.map((candidate) => (candidate === user ? updated : candidate));
  return updated;
}

let username: string | null = null;
let nextJob = 1;

function me(uid: string): Me {
  const user = fakeAuth.signedInUser();
  const email = user?.email ?? 'user@example.com';
  return {
    uid,
    email,
    username: username ?? user?.displayName ?? email.split('@')[0] ?? 'user',
    ageConfirmed: db.ageConfirmed,
    createdAt: Date.UTC(2026, 0, 1),
    plan: db.plan,
    subscription: db.subscription,
    quota: db.quota,
  };
}

export function resetHandlersState(): void {
  username = null;
  nextJob = 1;
}

/** A job that ran to its end at once: its images are saved and its stream replays it all. */
function finishedJob(uid: string, body: GenerationRequest): FakeJob {
  const generations = Array.from({ length: body.count ?? 1 }, () =>
    makeGeneration({ prompt: body.prompt, style: body.style ?? 'real-v1.1', look: body.look ?? null, blurred: db.plan !== 'pro' }),
  );
  db.history.unshift(...generations);
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

export const handlers = [
  http.untyped.all('/api/v1/*', async ({ request }) => {
    await record(request);
    // fall through to the handlers below
  }),

  http.get('/api/v1/catalog', ({ response }) => response(200).json(db.catalog)),

  http.get('/api/v1/me', ({ request, response }) => {
    const uid = caller(request);
    if (!uid) return fail('GET /api/v1/me', 401, 'token_missing', signInFirst);
    if (db.profileMissing) {
      return fail('GET /api/v1/me', 409, 'profile_missing', 'no profile yet: POST /api/v1/me with a username first');
    }
    return response(200).json(me(uid));
  }),

  http.post('/api/v1/me', async ({ request, response }) => {
    const uid = caller(request);
    if (!uid) return fail('POST /api/v1/me', 401, 'token_missing', signInFirst);
    const body = await request.json();
    username = body.username.trim();
    db.profileMissing = false;
    db.ageConfirmed ||= body.ageConfirmed ?? false;
    return response(200).json(me(uid));
  }),

  http.post('/api/v1/jobs', async ({ request, response }) => {
    const uid = caller(request);
    if (!uid) return fail('POST /api/v1/jobs', 401, 'token_missing', signInFirst);
    const job = finishedJob(uid, await request.json());
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

  http.get('/api/v1/generations', ({ request, query, response }) => {
    if (!caller(request)) return fail('GET /api/v1/generations', 401, 'token_missing', signInFirst);
    const limit = Number(query.get('limit') ?? '20');
    const start = Number(query.get('cursor') ?? '0');
    const items = db.history.slice(start, start + limit);
    const next = start + limit < db.history.length ? String(start + limit) : null;
    return response(200).json({ items, nextCursor: next });
  }),

  http.get('/api/v1/generations/{id}/image', ({ request, params, response }) => {
    if (!caller(request)) return fail('GET /api/v1/generations/{id}/image', 401, 'token_missing', signInFirst);
    const download = new URL(request.url).searchParams.get('download') === '1';
    if (download && db.plan !== 'pro') {
      return fail('GET /api/v1/generations/{id}/image', 403, 'pro_required', 'Downloading images is a Premium feature');
    }
    const headers: Record<string, string> = { 'Content-Type': 'image/png' };
    if (download) headers['Content-Disposition'] = `attachment; filename="generated_image_${params.id}.png"`;
    return response.untyped(new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers }));
  }),

  http.delete('/api/v1/generations/{id}', ({ request, params, response }) => {
    if (!caller(request)) return fail('DELETE /api/v1/generations/{id}', 401, 'token_missing', signInFirst);
    if (db.plan !== 'pro') return fail('DELETE /api/v1/generations/{id}', 403, 'pro_required', 'Deleting images is a Premium feature');
    const index = db.history.findIndex((generation) => generation.id === params.id);
    if (index === -1) return fail('DELETE /api/v1/generations/{id}', 404, 'not_found', 'image not found');
    db.history.splice(index, 1);
    return response(204).empty();
  }),

  http.post('/api/v1/checkout', ({ request, response }) => {
    if (!caller(request)) return fail('POST /api/v1/checkout', 401, 'token_missing', signInFirst);
    if (db.plan === 'pro') return fail('POST /api/v1/checkout', 409, 'already_subscribed', 'You are already subscribed to Premium.');
    return response(200).json({ url: 'http://127.0.0.1:8080/checkout/test/cs_test_123' });
  }),

  http.post('/api/v1/payment-success', async ({ request, response }) => {
    const uid = caller(request);
    if (!uid) return fail('POST /api/v1/payment-success', 401, 'token_missing', signInFirst);
    const body = await request.json();
    if (body.firebaseId !== uid) {
      return fail('POST /api/v1/payment-success', 403, 'uid_mismatch', 'firebaseId is not the signed-in user');
    }
    db.plan = 'pro';
    return response(200).json({ message: 'Payment confirmed. Welcome to Premium!', plan: 'pro' });
  }),

  http.get('/api/v1/support/users', ({ request, query, response }) => {
    if (!isStaff(request)) return fail('GET /api/v1/support/users', 404, 'not_found', staffOnly);
    // Like the gateway: the user with that uid, then those whose email starts with it (any case).
    const q = query.get('q').trim();
    if (q === '') return fail('GET /api/v1/support/users', 422, 'invalid_field', 'q: must name a uid or the start of an email');
    const matches = ({ profile }: SupportUser) =>
      profile.uid === q || profile.email.toLowerCase().startsWith(q.toLowerCase());
    const users = db.supportUsers.filter(matches).map(({ profile, why }) => ({
      uid: profile.uid,
      email: profile.email,
      username: profile.username,
      why,
    }));
    return response(200).json({ users });
  }),

  http.get('/api/v1/support/users/{uid}', ({ request, params, response }) => {
    if (!isStaff(request)) return fail('GET /api/v1/support/users/{uid}', 404, 'not_found', staffOnly);
    const user = supportUserOf(params.uid);
    if (!user) return fail('GET /api/v1/support/users/{uid}', 404, 'not_found', 'user not found');
    return response(200).json(user);
  }),

  http.post('/api/v1/support/users/{uid}/plan', async ({ request, params, response }) => {
    const operation = 'POST /api/v1/support/users/{uid}/plan';
    if (!isStaff(request)) return fail(operation, 404, 'not_found', staffOnly);
    if (caller(request) === params.uid) return fail(operation, 403, 'own_record', ownRecord);
    const body = await request.json();
    const until = body.until ?? null;
    if (until !== null && !/^\d{4}-\d{2}-\d{2}$/.test(until)) {
      return fail(operation, 422, 'invalid_field', 'until: must be a date, YYYY-MM-DD');
    }
    const problem = reasonProblem(body.reason);
    if (problem) return fail(operation, 422, 'invalid_field', `reason: ${problem}`);
    if (body.plan === 'free' && until !== null) return fail(operation, 422, 'invalid_field', 'until: is for pro plans');
    // A plan "until" a day runs to the end of it, UTC.
    const end = until === null ? null : Date.parse(`${until}T00:00:00Z`) + DAY_MS;
    if (end !== null && end <= Date.now()) return fail(operation, 422, 'invalid_field', 'until: is in the past');
    const user = supportUserOf(params.uid);
    if (!user) return fail(operation, 404, 'not_found', `no user with uid "${params.uid}"`);
    const now = Date.now();
    const subscription = { ...user.profile.subscription, planType: body.plan, status: 'manual', currentPeriodEnd: end, updatedAt: now };
    let why = 'Free: set to free by support';
    if (body.plan === 'pro') why = end === null ? 'Pro: set by support, no end date' : `Pro: set by support until ${whyDay(end - 1)}`;
    let action = `set-plan ${body.plan}`;
    if (body.plan === 'pro' && until !== null) action += ` until ${until}`;
    const updated = changed(request, user, { ...user, profile: { ...user.profile, plan: body.plan, subscription }, why }, action, body.reason);
    return response(200).json(updated);
  }),

  http.post('/api/v1/support/users/{uid}/credits', async ({ request, params, response }) => {
    const operation = 'POST /api/v1/support/users/{uid}/credits';
    if (!isStaff(request)) return fail(operation, 404, 'not_found', staffOnly);
    if (caller(request) === params.uid) return fail(operation, 403, 'own_record', ownRecord);
    const body = await request.json();
    const problem = reasonProblem(body.reason);
    if (problem) return fail(operation, 422, 'invalid_field', `reason: ${problem}`);
    if (!Number.isInteger(body.credits) || body.credits < 1 || body.credits > 500) {
      return fail(operation, 422, 'invalid_field', 'credits: must be 1 to 500');
    }
    const user = supportUserOf(params.uid);
    if (!user) return fail(operation, 404, 'not_found', `no user with uid "${params.uid}"`);
    const { quota } = user.profile;
    const period = user.profile.plan === 'pro' ? `m${quota.resetsAt.slice(0, 7)}` : `d${new Date().toISOString().slice(0, 10)}`;
    const profile = {
      ...user.profile,
      quota: { ...quota, bonus: quota.bonus + body.credits, limit: quota.limit + body.credits },
    };
    const updated = changed(request, user, { ...user, profile }, `add-credits ${String(body.credits)} to ${period}`, body.reason);
    return response(200).json(updated);
  }),

  http.get('/api/v1/support/users/{uid}/generations', ({ request, params, query, response }) => {
    const operation = 'GET /api/v1/support/users/{uid}/generations';
    if (!isStaff(request)) return fail(operation, 404, 'not_found', staffOnly);
    if (!supportUserOf(params.uid)) return fail(operation, 404, 'not_found', 'user not found');
    const images = db.supportImages[params.uid] ?? [];
    const limit = Number(query.get('limit') ?? '20');
    const start = Number(query.get('cursor') ?? '0');
    const next = start + limit < images.length ? String(start + limit) : null;
    return response(200).json({ items: images.slice(start, start + limit), nextCursor: next });
  }),

  http.get('/api/v1/support/users/{uid}/generations/{id}/preview', ({ request, params, response }) => {
    const operation = 'GET /api/v1/support/users/{uid}/generations/{id}/preview';
    if (!isStaff(request)) return fail(operation, 404, 'not_found', staffOnly);
    if (!(db.supportImages[params.uid] ?? []).some((image) => image.id === params.id)) {
      return fail(operation, 404, 'not_found', 'image not found');
    }
    return response.untyped(new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } }));
  }),

  http.delete('/api/v1/support/users/{uid}/generations/{id}', async ({ request, params, response }) => {
    const operation = 'DELETE /api/v1/support/users/{uid}/generations/{id}';
    if (!isStaff(request)) return fail(operation, 404, 'not_found', staffOnly);
    if (caller(request) === params.uid) return fail(operation, 403, 'own_record', ownRecord);
    const body = await request.json();
    const problem = reasonProblem(body.reason);
    if (problem) return fail(operation, 422, 'invalid_field', `reason: ${problem}`);
    const user = supportUserOf(params.uid);
    const images = db.supportImages[params.uid] ?? [];
    if (!user || !images.some((image) => image.id === params.id)) return fail(operation, 404, 'not_found', 'image not found');
    db.supportImages[params.uid] = images.filter((image) => image.id !== params.id);
    changed(request, user, user, `delete generation ${params.id}`, body.reason);
    return response(204).empty();
  }),

  http.post('/api/v1/support/staff', async ({ request, response }) => {
    const operation = 'POST /api/v1/support/staff';
    if (!isStaff(request)) return fail(operation, 404, 'not_found', staffOnly);
    const uid = caller(request);
    if (!uid || fakeAuth.claimsOf(uid).admin !== true) {
      return fail(operation, 403, 'admin_required', 'only admins grant and revoke roles');
    }
    const body = await request.json();
    const problem = reasonProblem(body.reason);
    if (problem) return fail(operation, 422, 'invalid_field', `reason: ${problem}`);
    const account = db.supportUsers.find(({ profile }) => profile.email === body.email.trim())?.profile;
    if (!account) return fail(operation, 404, 'not_found', 'account not found');
    if (account.uid === uid) return fail(operation, 403, 'own_record', ownRecord);
    const roles = { support: false, admin: false, ...db.staffRoles[account.uid] };
    roles[body.role] = body.granted;
    db.staffRoles[account.uid] = roles;
    return response(200).json({ uid: account.uid, email: account.email, ...roles });
  }),

  http.post('/api/v1/billing/portal', ({ request, response }) => {
    if (!caller(request)) return fail('POST /api/v1/billing/portal', 401, 'token_missing', signInFirst);
    if (db.plan !== 'pro') {
      return fail('POST /api/v1/billing/portal', 403, 'pro_required', 'Only Premium members have a subscription to manage');
    }
    return response(200).json({ url: 'https://billing.stripe.com/p/session/test_123' });
  }),
];
