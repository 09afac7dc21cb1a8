import type { SupportUser } from '@/types/api';

import { db } from '../db';
import { fail, http } from '../gateway';

import {
  beyondSupport,
  changed,
  countGrant,
  grantRefusal,
  isAdmin,
  isStaff,
  reasonProblem,
  staffOnly,
  SUPPORT_DAILY,
  supportUserOf,
} from './staff-rules';

// The console's users: finding one, their card, their plan and credits, and what support may
// still give today.

const DAY_MS = 24 * 3600 * 1000;

/** The gateway's day in a why sentence, e.g. "Dec 31, 2026". */
function whyDay(ms: number): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(ms);
}

export const staffUserHandlers = [
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
    const refused = grantRefusal(operation, request, params.uid);
    if (refused) return refused;
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
    const refused = grantRefusal(operation, request, params.uid);
    if (refused) return refused;
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
];
