import type { RefusalView, SuspendedUser } from '@/types/api';

import { db } from '../db';
import { fail, http } from '../gateway';

import { changed, checkedAction, isStaff, staffOnly, supportUserOf } from './staff-rules';

// The review queue and what staff decide from it: a suspension lifted or upheld, a refusal found
// wrong. It is read from the same users (their suspension and refusals), as the gateway's is
// from the same store.

/** The gateway's page of the queue's refusals, and its most suspended accounts. */
const QUEUE_PAGE = 50;
const SUSPENDED_AT_MOST = 100;

function suspendedUsers(): SuspendedUser[] {
  return db.supportUsers
    .flatMap(({ profile: { uid, email, username }, suspension }) => (suspension ? [{ uid, email, username, suspension }] : []))
    .sort((a, b) => b.suspension.since - a.suspension.since)
    .slice(0, SUSPENDED_AT_MOST);
}

/** Every user's refusals, newest first, each with its account's email (none once it is gone). */
function allRefusals(): RefusalView[] {
  const ofUsers = db.supportUsers.flatMap(({ profile, refusals }) =>
    refusals.map((refusal) => ({ ...refusal, email: profile.email })),
  );
  const ofGone = db.refusalsOfGoneAccounts.map((refusal) => ({ ...refusal, email: null }));
  return [...ofUsers, ...ofGone].sort((a, b) => b.at - a.at);
}

export const staffReviewHandlers = [
  http.get('/api/v1/support/moderation', ({ request, query, response }) => {
    const operation = 'GET /api/v1/support/moderation';
    if (!isStaff(request)) return fail(operation, 404, 'not_found', staffOnly);
    const before = query.get('before');
    // Like the store's check of a key.
    if (before !== null && !/^[A-Za-z0-9_-]{1,768}$/.test(before)) {
      return fail(operation, 422, 'invalid_field', 'before: is not a refusal id');
    }
    const refusals = allRefusals();
    const at = before === null ? -1 : refusals.findIndex((refusal) => refusal.id === before);
    // The gateway pages by key: an id it never gave leaves nothing older here.
    const start = before !== null && at === -1 ? refusals.length : at + 1;
    const page = refusals.slice(start, start + QUEUE_PAGE);
    const nextBefore = start + QUEUE_PAGE < refusals.length ? (page.at(-1)?.id ?? null) : null;
    return response(200).json({ suspended: suspendedUsers(), refusals: page, nextBefore });
  }),

  http.post('/api/v1/support/users/{uid}/suspension', async ({ request, params, response }) => {
    const operation = 'POST /api/v1/support/users/{uid}/suspension';
    const body = await checkedAction(operation, request, params.uid);
    if (body instanceof Response) return body;
    const user = supportUserOf(params.uid);
    if (!user) return fail(operation, 404, 'not_found', 'user not found');
    if (!user.suspension) return fail(operation, 422, 'invalid_field', 'uid: is not suspended');
    const now = Date.now();
    // Lifting reviews every refusal so far: they stop counting. Upholding marks it reviewed.
    const reviewed = user.refusals.map((refusal) => (refusal.at <= now ? { ...refusal, counts: false } : refusal));
    const change =
      body.decision === 'lift'
        ? { ...user, suspension: null, refusals: reviewed }
        : { ...user, suspension: { ...user.suspension, upheldAt: now } };
    const updated = changed(request, user, change, `${body.decision} suspension`, body.reason);
    return response(200).json(updated);
  }),

  http.post('/api/v1/support/users/{uid}/refusals/{id}/false-positive', async ({ request, params, response }) => {
    const operation = 'POST /api/v1/support/users/{uid}/refusals/{id}/false-positive';
    const body = await checkedAction(operation, request, params.uid);
    if (body instanceof Response) return body;
    const user = supportUserOf(params.uid);
    if (!user) return fail(operation, 404, 'not_found', 'user not found');
    if (!user.refusals.some((refusal) => refusal.id === params.id)) {
      return fail(operation, 422, 'invalid_field', "refusal: is not one of this user's");
    }
    const refusals = user.refusals.map((refusal) =>
      refusal.id === params.id ? { ...refusal, falsePositive: true, counts: false } : refusal,
    );
    const updated = changed(request, user, { ...user, refusals }, `refusal ${params.id} false positive`, body.reason);
    return response(200).json(updated);
  }),
];
