import { HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';

import type { Generation, GenerationRequest, Job, Me, Standing, Style } from '@/types/api';

import { fakeAuth } from '../fake-firebase';
import { sseResponse } from '../sse';

import { db, makeGeneration, makeJobImages, makeSuspension, SUSPEND_AT, WARN_AT, type FakeJob } from './db';
import { caller, fail, http, invalidFields, refuse, signInFirst } from './gateway';
import { checkGeneration, type Asked } from './generation-body';
import { supportHandlers } from './support-handlers';
import { storedZip } from './zip';

// A fake gateway backed by ./db: the happy paths, plus the rules the UI relies on (auth, pro
// only actions). Paths, bodies and answers are typed by the gateway's OpenAPI document, and
// errors carry only the status and `code`s the document lists for the operation. A test
// arranges db, or overrides one handler with server.use().

export { fail, http, invalidFields };

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

let username: string | null = null;
let nextJob = 1;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The caller's refusals that count (strikes) made within the last 24 hours. */
function recentStrikes(): number {
  const since = Date.now() - DAY_MS;
  return db.refusals.filter((refusal) => refusal.strike && refusal.at >= since).length;
}

/** Where the caller stands with the content rules, in the gateway's words. */
function standing(): Standing {
  const strikes = recentStrikes();
  const warning =
    strikes >= WARN_AT
      ? `${String(strikes)} of your requests were refused in the last 24 hours; at ${String(SUSPEND_AT)}, generation is suspended until our staff have reviewed your account.`
      : null;
  return { strikes, warnAt: WARN_AT, suspendAt: SUSPEND_AT, warning, suspension: db.suspension };
}

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
    standing: standing(),
    ageCheck: db.ageCheck,
  };
}

/** Like the gateway: explicit imagery, made or seen, only for adults whose age is verified where checks are on. */
function isAdult(): boolean {
  return !db.ageCheck.required || db.ageCheck.status === 'verified';
}

/** The gateway's 403 `age_check_required` message (src/generate/error.rs). */
const ageCheckRequired = 'explicit images are only for adults whose age is verified: verify your age to make or see them';

/**
 * A stand-in for the gate's reading of an explicit request (src/safety): the explicit style, or
 * nudity asked for in words, which the gateway reads in many more wordings and 15 languages.
 */
const EXPLICIT_WORDS = /\b(nude|naked)\b/i;

/** The pending age check's test-mode inquiry, which starting again resumes; the ids count up. */
let pendingInquiry: string | null = null;
let nextInquiry = 1;

/** The gateway's word for a signed-in user without a profile (409 `profile_missing`). */
const noProfile = 'no profile yet: POST /api/v1/me with a username first';

/** The first bytes of a PNG: what the fake gateway serves for every image. */
const PNG = new Uint8Array([137, 80, 78, 71]);

/**
 * Deletes the caller's account as the gateway does: waiting jobs canceled, the subscription,
 * every image and record gone (a later `GET /me` is 409 `profile_missing`, `POST /me` 410
 * `account_deleted`), and the sign-in.
 */
function deleteAccount(uid: string): void {
  for (const job of db.jobs.values()) {
    if (job.uid === uid && job.status === 'queued') job.status = 'canceled';
  }
  Object.assign(db, { profileMissing: true, accountDeleted: true, history: [], subscription: null, plan: 'free' });
  username = null;
  fakeAuth.deleteAccount(uid);
}

/** The caller's data as the gateway's export archives it. */
function exportOf(uid: string): Uint8Array<ArrayBuffer> {
  // An explicit image is left out until the owner's age is verified; its parameters stay.
  const withheld = (generation: Generation) => generation.explicit && !isAdult();
  const kept = db.history.filter((generation) => !withheld(generation));
  const images = Object.fromEntries(kept.map((generation) => [`images/${generation.id}.png`, PNG]));
  const entries = db.history.map((generation) =>
    withheld(generation)
      ? { ...generation, file: null, withheld: 'age_check_required' }
      : { ...generation, file: `images/${generation.id}.png` },
  );
  return storedZip({
    'profile.json': JSON.stringify({ exportedAt: Date.now(), profile: me(uid), plan: db.plan }),
    'generations.json': JSON.stringify(entries),
    ...images,
  });
}

export function resetHandlersState(): void {
  username = null;
  nextJob = 1;
  pendingInquiry = null;
  nextInquiry = 1;
}

/** The style a job's images are in, their size and pixels, and what they are drawn with and from. */
interface Made {
  readonly style: Style;
  /** None for an upscale, which is no size of the catalog. */
  readonly size: string | null;
  readonly width: number;
  readonly height: number;
  readonly enhance: boolean;
  readonly cfg: number;
  readonly sampler: string;
  readonly source: Generation['source'];
}

/** The gateway's largest side, in pixels: an upscale past it is refused. */
const MAX_SIDE = 4096;

/**
 * What the gateway draws from the caller's image `asked` names: its size id and pixels (an
 * upscale twice those, and no size of the catalog), never enhanced; or its answer when the image
 * is not the caller's or would come out too large.
 */
function drawnFrom(asked: Asked): Pick<Made, 'size' | 'width' | 'height' | 'enhance' | 'source'> | ReturnType<typeof fail> {
  const image = db.history.find((item) => item.id === asked.generation);
  if (!image) return fail('POST /api/v1/jobs', 404, 'not_found', 'generation not found');
  // Like the gateway, before the content rules: an image the caller may not see is no source either.
  if (image.explicit && !isAdult()) return fail('POST /api/v1/jobs', 403, 'age_check_required', ageCheckRequired);
  const scale = asked.mode.id === 'upscale' ? 2 : 1;
  const [width, height] = [image.width * scale, image.height * scale];
  if (Math.max(width, height) > MAX_SIDE) {
    const message = `this image is ${String(image.width)}x${String(image.height)}: twice that is past the largest we make (${String(MAX_SIDE)} pixels a side)`;
    return fail('POST /api/v1/jobs', 422, 'invalid_field', `source: ${message}`);
  }
  const size = scale === 1 ? (image.size ?? null) : null;
  return { size, width, height, enhance: false, source: { generation: image.id, mode: asked.mode.id } };
}

/** What the gateway makes of a body once its fields pass, or its answer when they or its source do not. */
function checkBody(body: GenerationRequest): Made | Response {
  const checked = checkGeneration(body);
  if (checked instanceof Response) return checked;
  const { style, size, cfg, sampler, asked } = checked;
  if (asked) {
    const drawn = drawnFrom(asked);
    return drawn instanceof Response ? drawn : { style, cfg, sampler, ...drawn };
  }
  // `enhance` (on unless false) doubles both sides.
  const enhance = body.enhance !== false;
  const factor = enhance ? 2 : 1;
  return { style, size: size.id, width: size.width * factor, height: size.height * factor, enhance, cfg, sampler, source: null };
}

/**
 * A stand-in for the gateway's content rules (src/safety), which read far more: two phrases of
 * the prompt, whatever their case. An age under 18 refuses and counts against the account; a
 * misspelt name that may be a real person's is one ambiguous sign, so the user is asked to
 * rephrase and it does not count, as the gateway answers "nude Taylor Swfit on a beach".
 */
const CONTENT_RULES = [
  {
    phrase: '15 year old',
    category: 'minor',
    reason: 'Lucent never makes sexual or explicit images of anyone under 18, or that suggest it',
    strike: true,
  },
  { phrase: 'taylor swfit', category: 'real_person', reason: 'Lucent never makes explicit images of real people', strike: false },
] as const;

/**
 * The stand-in rules' refusal of `body`, recorded against the caller as the gateway records it
 * (the fifth strike in 24 hours suspends generation); null when they pass it.
 */
function refusedByContentRules({ prompt }: GenerationRequest) {
  for (const { phrase, category, reason, strike } of CONTENT_RULES) {
    const at = prompt.toLowerCase().indexOf(phrase);
    if (at === -1) continue;
    // The words as the request wrote them.
    const word = prompt.slice(at, at + phrase.length);
    db.refusals.push({ at: Date.now(), strike });
    const strikes = recentStrikes();
    if (strike && strikes >= SUSPEND_AT) {
      db.suspension = makeSuspension({ since: Date.now(), reason: `${String(strikes)} refused requests in 24 hours` });
    }
    const message = strike
      ? `${reason} (${word}).`
      : `${reason} (${word} may read that way): please rephrase; this does not count against your account.`;
    return refuse('prompt', category, [word], message, strike);
  }
  return null;
}

/**
 * Whether the gate would read `body`, made as `made`, as a request for explicit imagery: an image
 * drawn from an explicit one is explicit too.
 */
function isExplicit(body: GenerationRequest, { style, source }: Made): boolean {
  const fromExplicit = source != null && db.history.some((item) => item.id === source.generation && item.explicit);
  return style.nsfw || fromExplicit || EXPLICIT_WORDS.test(body.prompt);
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

/**
 * The history filters as the gateway applies them to the records of a page: favourites only
 * (`favorite=true`), one style, and words of the prompt whatever the case. Like the gateway, a
 * page is the `limit` records after the cursor, kept when they match, so it may come back short
 * (or empty) with a cursor still to read on from.
 */
function matches(favorite: string | null, style: string | null, q: string | null) {
  const words = q?.toLowerCase() ?? '';
  return (generation: Generation) =>
    (favorite !== 'true' || generation.favorite) &&
    (!style || generation.style === style) &&
    generation.prompt.toLowerCase().includes(words);
}

/**
 * Marks or unmarks one of the caller's images: null when done, else the gateway's answer (the
 * history holds the caller's images only, so another user's is not found, as with delete).
 */
function markFavorite(
  operation: 'PUT /api/v1/generations/{id}/favorite' | 'DELETE /api/v1/generations/{id}/favorite',
  request: Request,
  id: string,
  favorite: boolean,
) {
  if (!caller(request)) return fail(operation, 401, 'token_missing', signInFirst);
  const generation = db.history.find((item) => item.id === id);
  if (!generation) return fail(operation, 404, 'not_found', 'generation not found');
  generation.favorite = favorite;
  return null;
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
      return fail('GET /api/v1/me', 409, 'profile_missing', noProfile);
    }
    return response(200).json(me(uid));
  }),

  http.post('/api/v1/me', async ({ request, response }) => {
    const uid = caller(request);
    if (!uid) return fail('POST /api/v1/me', 401, 'token_missing', signInFirst);
    if (db.accountDeleted) {
      return fail('POST /api/v1/me', 410, 'account_deleted', 'this account was deleted; sign up again to start a new one');
    }
    const body = await request.json();
    username = body.username.trim();
    db.profileMissing = false;
    db.ageConfirmed ||= body.ageConfirmed ?? false;
    return response(200).json(me(uid));
  }),

  http.delete('/api/v1/me', async ({ request, response }) => {
    const uid = caller(request);
    if (!uid) return fail('DELETE /api/v1/me', 401, 'token_missing', signInFirst);
    const body = await request.json();
    if (body.email.trim().toLowerCase() !== me(uid).email.toLowerCase()) {
      return fail('DELETE /api/v1/me', 422, 'invalid_field', "email: type the account's email to confirm the deletion");
    }
    deleteAccount(uid);
    return response(200).json({ kept: [] });
  }),

  http.get('/api/v1/me/export', ({ request, response }) => {
    const uid = caller(request);
    if (!uid) return fail('GET /api/v1/me/export', 401, 'token_missing', signInFirst);
    if (db.profileMissing) {
      return fail('GET /api/v1/me/export', 409, 'profile_missing', noProfile);
    }
    // The gateway names the file by today's date in UTC.
    const name = `lucent-export-${new Date().toISOString().slice(0, 10)}.zip`;
    const headers = { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${name}"` };
    return response.untyped(new HttpResponse(exportOf(uid), { headers }));
  }),

  http.post('/api/v1/me/age-check', async ({ request, response }) => {
    const operation = 'POST /api/v1/me/age-check';
    if (!caller(request)) return fail(operation, 401, 'token_missing', signInFirst);
    if (!db.ageCheck.required) return fail(operation, 404, 'not_found', 'age check not found');
    const { returnTo } = await request.json();
    // Like the gateway's check of the way back: a path of this app only.
    const path = returnTo ?? '/generate';
    if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || path.length > 512) {
      return fail(operation, 422, 'invalid_field', 'returnTo must be a path of this app, such as /generate');
    }
    if (db.ageCheck.status === 'verified') return fail(operation, 409, 'age_already_verified', 'your age is already verified');
    if (db.ageCheck.status === 'minor') {
      return fail(
        operation,
        403,
        'age_check_locked',
        'your age check found you are under 18; a new check can only be opened by our support team',
      );
    }
    // A pending check is resumed: the same inquiry, begun when it began.
    if (db.ageCheck.status !== 'pending' || pendingInquiry === null) {
      db.ageCheck = { ...db.ageCheck, status: 'pending', checkedAt: Date.now() };
      pendingInquiry = `inq_test_${String(nextInquiry++)}`;
    }
    return response(201).json({ url: `http://127.0.0.1:8080/age-check/test/${pendingInquiry}` });
  }),

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

  http.get('/api/v1/generations', ({ request, query, response }) => {
    if (!caller(request)) return fail('GET /api/v1/generations', 401, 'token_missing', signInFirst);
    const q = query.get('q');
    if (q !== null && Array.from(q).length > 500) {
      return fail('GET /api/v1/generations', 422, 'invalid_field', 'q: q is at most 500 characters');
    }
    const limit = Number(query.get('limit') ?? '20');
    const start = Number(query.get('cursor') ?? '0');
    const items = db.history.slice(start, start + limit).filter(matches(query.get('favorite'), query.get('style'), q));
    const next = start + limit < db.history.length ? String(start + limit) : null;
    return response(200).json({ items, nextCursor: next });
  }),

  http.get('/api/v1/generations/{id}/image', ({ request, params, response }) => {
    if (!caller(request)) return fail('GET /api/v1/generations/{id}/image', 401, 'token_missing', signInFirst);
    if (db.history.find((item) => item.id === params.id)?.explicit && !isAdult()) {
      return fail('GET /api/v1/generations/{id}/image', 403, 'age_check_required', ageCheckRequired);
    }
    const download = new URL(request.url).searchParams.get('download') === '1';
    if (download && db.plan !== 'pro') {
      return fail('GET /api/v1/generations/{id}/image', 403, 'pro_required', 'Downloading images is a Premium feature');
    }
    const headers: Record<string, string> = { 'Content-Type': 'image/png' };
    if (download) headers['Content-Disposition'] = `attachment; filename="generated_image_${params.id}.png"`;
    return response.untyped(new HttpResponse(PNG, { headers }));
  }),

  http.delete('/api/v1/generations/{id}', ({ request, params, response }) => {
    if (!caller(request)) return fail('DELETE /api/v1/generations/{id}', 401, 'token_missing', signInFirst);
    const index = db.history.findIndex((generation) => generation.id === params.id);
    if (index === -1) return fail('DELETE /api/v1/generations/{id}', 404, 'not_found', 'image not found');
    db.history.splice(index, 1);
    return response(204).empty();
  }),

  http.put('/api/v1/generations/{id}/favorite', ({ request, params, response }) =>
    markFavorite('PUT /api/v1/generations/{id}/favorite', request, params.id, true) ?? response(204).empty(),
  ),

  http.delete('/api/v1/generations/{id}/favorite', ({ request, params, response }) =>
    markFavorite('DELETE /api/v1/generations/{id}/favorite', request, params.id, false) ?? response(204).empty(),
  ),

  http.post('/api/v1/checkout', ({ request, response }) => {
    if (!caller(request)) return fail('POST /api/v1/checkout', 401, 'token_missing', signInFirst);
    if (db.plan === 'pro') return fail('POST /api/v1/checkout', 409, 'already_subscribed', 'You are already subscribed to Premium.');
    if (db.suspension) {
      return fail('POST /api/v1/checkout', 403, 'account_suspended', 'generation is suspended for this account until our staff have reviewed it, so Premium cannot be bought now');
    }
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
  ...supportHandlers,

  http.post('/api/v1/billing/portal', ({ request, response }) => {
    if (!caller(request)) return fail('POST /api/v1/billing/portal', 401, 'token_missing', signInFirst);
    if (db.plan !== 'pro') {
      return fail('POST /api/v1/billing/portal', 403, 'pro_required', 'Only Premium members have a subscription to manage');
    }
    return response(200).json({ url: 'https://billing.stripe.com/p/session/test_123' });
  }),
];
