import { HttpResponse } from 'msw';

import type { AdminOnly, RefusalView, SupportUser, SuspendedUser } from '@/types/api';

import { fakeAuth } from '../fake-firebase';

import { ageCheckAsSeen, db } from './db';
import { caller, fail, http } from './gateway';

// The support console's routes, as src/http/staff does them: staff only (a 404 to anyone
// else), a reason on every action, never one's own record, an audit entry per change. The
// review queue is read from the same users (their suspension and refusals), as the
// gateway's is from the same store.

/** Like the gateway, which checks the token's claim (and the account): anyone else is not told the route exists. */
function isStaff(request: Request): boolean {
  const uid = caller(request);
  const claims = uid ? fakeAuth.claimsOf(uid) : {};
  return claims.support === true || claims.admin === true;
}

const staffOnly = 'route not found';

function isAdmin(request: Request): boolean {
  const uid = caller(request);
  return uid !== null && fakeAuth.claimsOf(uid).admin === true;
}

/** What one support member may give in a UTC day, in all: the gateway's defaults (LUCENT_SUPPORT_DAILY_*). */
export const SUPPORT_DAILY = { credits: 100, pro: 5 };

/**
 * Counts a support member's grant against the day as the gateway does (an admin's is not
 * counted): null when it fits, else the gateway's refusal words, and nothing is counted.
 */
function countGrant(request: Request, grant: { credits: number; pro: number }): string | null {
  if (isAdmin(request)) return null;
  const given = db.staffGrants;
  if (given.credits + grant.credits > SUPPORT_DAILY.credits || given.pro + grant.pro > SUPPORT_DAILY.pro) {
    const left = `${String(SUPPORT_DAILY.credits - given.credits)} credits and ${String(SUPPORT_DAILY.pro - given.pro)} plans`;
    return `support gives at most ${String(SUPPORT_DAILY.credits)} bonus credits and ${String(SUPPORT_DAILY.pro)} Premium plans a day each; ${left} are left for you today; more needs an admin`;
  }
  db.staffGrants = { credits: given.credits + grant.credits, pro: given.pro + grant.pro };
  return null;
}

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
const staffAccount = "only an admin acts on a staff member's account";

/**
 * What of `uid`'s account the caller may not change, being no admin: a staff member's account
 * (checked after the own record's), Premium paid for. The stored card's `adminOnly` is the
 * gateway's answer to the same questions its actions ask.
 */
function beyondSupport(request: Request, uid: string): AdminOnly {
  const user = supportUserOf(uid);
  if (!user || isAdmin(request)) return { staffAccount: false, paysForPremium: false };
  return user.adminOnly;
}

const DAY_MS = 24 * 3600 * 1000;

/** The gateway's words for what an account under review keeps when deleted (src/account/deletion.rs). */
const HELD =
  "Your images, your refused requests and your profile are kept while our staff review this account under the content rules; they are deleted with the review's end.";

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

export const supportHandlers = [
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
    if (beyondSupport(request, params.uid).staffAccount) return fail(operation, 403, 'admin_required', staffAccount);
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
    if (body.plan === 'free' && beyondSupport(request, params.uid).paysForPremium) {
      return fail(
        operation,
        403,
        'admin_required',
        'taking Premium from a subscriber who pays for it needs an admin: the subscription keeps billing until it is canceled',
      );
    }
    const pastToday = body.plan === 'pro' ? countGrant(request, { credits: 0, pro: 1 }) : null;
    if (pastToday) return fail(operation, 403, 'admin_required', pastToday);
    const now = Date.now();
    const subscription = { ...user.profile.subscription, planType: body.plan, status: 'manual', currentPeriodEnd: end, updatedAt: now };
    let why = 'Free: set to free by support';
    if (body.plan === 'pro') why = end === null ? 'Pro: set by support, no end date' : `Pro: set by support until ${whyDay(end - 1)}`;
    let action = `set-plan ${body.plan}`;
    if (body.plan === 'pro' && until !== null) action += ` until ${until}`;
    // Paid for while the processor's subscription stays behind a Pro plan (UserRecord::pays_for_premium).
    const adminOnly = { ...user.adminOnly, paysForPremium: body.plan === 'pro' && subscription.subscriptionId != null };
    const profile = { ...user.profile, plan: body.plan, subscription };
    const updated = changed(request, user, { ...user, profile, why, adminOnly }, action, body.reason);
    return response(200).json(updated);
  }),

  http.post('/api/v1/support/users/{uid}/credits', async ({ request, params, response }) => {
    const operation = 'POST /api/v1/support/users/{uid}/credits';
    if (!isStaff(request)) return fail(operation, 404, 'not_found', staffOnly);
    if (caller(request) === params.uid) return fail(operation, 403, 'own_record', ownRecord);
    if (beyondSupport(request, params.uid).staffAccount) return fail(operation, 403, 'admin_required', staffAccount);
    const body = await request.json();
    const problem = reasonProblem(body.reason);
    if (problem) return fail(operation, 422, 'invalid_field', `reason: ${problem}`);
    if (!Number.isInteger(body.credits) || body.credits < 1 || body.credits > 500) {
      return fail(operation, 422, 'invalid_field', 'credits: must be 1 to 500');
    }
    const user = supportUserOf(params.uid);
    if (!user) return fail(operation, 404, 'not_found', `no user with uid "${params.uid}"`);
    const pastToday = countGrant(request, { credits: body.credits, pro: 0 });
    if (pastToday) return fail(operation, 403, 'admin_required', pastToday);
    const { quota } = user.profile;
    const period = user.profile.plan === 'pro' ? `m${quota.resetsAt.slice(0, 7)}` : `d${new Date().toISOString().slice(0, 10)}`;
    const profile = {
      ...user.profile,
      quota: { ...quota, bonus: quota.bonus + body.credits, limit: quota.limit + body.credits },
    };
    const updated = changed(request, user, { ...user, profile }, `add-credits ${String(body.credits)} to ${period}`, body.reason);
    return response(200).json(updated);
  }),

  http.get('/api/v1/support/grants', ({ request, response }) => {
    if (!isStaff(request)) return fail('GET /api/v1/support/grants', 404, 'not_found', staffOnly);
    const day = new Date().toISOString().slice(0, 10);
    // Like the gateway, which leaves an admin's caps null: they are not counted.
    if (isAdmin(request)) return response(200).json({ creditsPerDay: null, creditsLeft: null, proPerDay: null, proLeft: null, day });
    const { credits, pro } = db.staffGrants;
    return response(200).json({
      creditsPerDay: SUPPORT_DAILY.credits,
      creditsLeft: SUPPORT_DAILY.credits - credits,
      proPerDay: SUPPORT_DAILY.pro,
      proLeft: SUPPORT_DAILY.pro - pro,
      day,
    });
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

  http.delete('/api/v1/support/users/{uid}', async ({ request, params, response }) => {
    const operation = 'DELETE /api/v1/support/users/{uid}';
    if (!isStaff(request)) return fail(operation, 404, 'not_found', staffOnly);
    if (caller(request) === params.uid) return fail(operation, 403, 'own_record', ownRecord);
    const body = await request.json();
    const problem = reasonProblem(body.reason);
    if (problem) return fail(operation, 422, 'invalid_field', `reason: ${problem}`);
    const beyond = beyondSupport(request, params.uid);
    if (beyond.staffAccount) return fail(operation, 403, 'admin_required', staffAccount);
    if (beyond.paysForPremium) {
      return fail(operation, 403, 'admin_required', 'only an admin deletes the account of a paying subscriber');
    }
    // Like the gateway, whose every step succeeds on what is gone: a uid with nothing left (one
    // deleted already) is a 200 too, so asking again finishes a deletion.
    const user = supportUserOf(params.uid);
    fakeAuth.deleteAccount(params.uid);
    if (user?.suspension) {
      // Held for review: the images, refusals and profile stay; the credits go.
      const { quota } = user.profile;
      const profile = { ...user.profile, quota: { ...quota, used: 0, bonus: 0, limit: quota.limit - quota.bonus } };
      const started = changed(request, user, { ...user, profile }, 'account deletion started', body.reason);
      const kept = `${body.reason.trim()}; held for review: images, refusals and profile kept`;
      changed(request, started, started, 'account deleted', kept);
      return response(200).json({ kept: [HELD] });
    }
    db.supportUsers = db.supportUsers.filter((candidate) => candidate !== user);
    db.supportImages = Object.fromEntries(Object.entries(db.supportImages).filter(([uid]) => uid !== params.uid));
    return response(200).json({ kept: [] });
  }),

  http.post('/api/v1/support/staff', async ({ request, response }) => {
    const operation = 'POST /api/v1/support/staff';
    if (!isStaff(request)) return fail(operation, 404, 'not_found', staffOnly);
    const uid = caller(request);
    if (!uid || !isAdmin(request)) return fail(operation, 403, 'admin_required', 'only admins grant and revoke roles');
    const body = await request.json();
    const problem = reasonProblem(body.reason);
    if (problem) return fail(operation, 422, 'invalid_field', `reason: ${problem}`);
    const account = db.supportUsers.find(({ profile }) => profile.email === body.email.trim())?.profile;
    if (!account) return fail(operation, 404, 'not_found', 'account not found');
    if (account.uid === uid) return fail(operation, 403, 'own_record', ownRecord);
    const roles = { support: false, admin: false, ...db.staffRoles[account.uid] };
    roles[body.role] = body.granted;
    db.staffRoles[account.uid] = roles;
    // The card says so from now on, as the gateway's asks the account.
    const staffNow = roles.support || roles.admin;
    db.supportUsers = db.supportUsers.map((user) =>
      user.profile.uid === account.uid ? { ...user, adminOnly: { ...user.adminOnly, staffAccount: staffNow } } : user,
    );
    return response(200).json({ uid: account.uid, email: account.email, ...roles });
  }),

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
    if (!isStaff(request)) return fail(operation, 404, 'not_found', staffOnly);
    if (caller(request) === params.uid) return fail(operation, 403, 'own_record', ownRecord);
    const body = await request.json();
    const problem = reasonProblem(body.reason);
    if (problem) return fail(operation, 422, 'invalid_field', `reason: ${problem}`);
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

  http.post('/api/v1/support/users/{uid}/age-check/reset', async ({ request, params, response }) => {
    const operation = 'POST /api/v1/support/users/{uid}/age-check/reset';
    if (!isStaff(request)) return fail(operation, 404, 'not_found', staffOnly);
    const uid = caller(request);
    if (!uid || !isAdmin(request)) return fail(operation, 403, 'admin_required', 'only admins reset an age check');
    if (uid === params.uid) return fail(operation, 403, 'own_record', ownRecord);
    const body = await request.json();
    const problem = reasonProblem(body.reason);
    if (problem) return fail(operation, 422, 'invalid_field', `reason: ${problem}`);
    const user = supportUserOf(params.uid);
    if (!user) return fail(operation, 404, 'not_found', 'user not found');
    // Like the gateway: unverified, said to be staff's doing, with no provider reference left.
    const ageCheck = { status: 'unverified' as const, provider: 'staff', reference: null, checkedAt: Date.now() };
    const profile = { ...user.profile, ageCheck: ageCheckAsSeen(ageCheck) };
    const updated = changed(request, user, { ...user, profile, ageCheck }, 'age check reset', body.reason);
    return response(200).json(updated);
  }),

  http.post('/api/v1/support/users/{uid}/refusals/{id}/false-positive', async ({ request, params, response }) => {
    const operation = 'POST /api/v1/support/users/{uid}/refusals/{id}/false-positive';
    if (!isStaff(request)) return fail(operation, 404, 'not_found', staffOnly);
    if (caller(request) === params.uid) return fail(operation, 403, 'own_record', ownRecord);
    const body = await request.json();
    const problem = reasonProblem(body.reason);
    if (problem) return fail(operation, 422, 'invalid_field', `reason: ${problem}`);
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
