import type { StrictRequest } from 'msw';

import type { AdminOnly, SupportUser } from '@/types/api';

import { fakeAuth } from '../../fake-firebase';
import { db } from '../db';
import { caller, fail } from '../gateway';

// What every route of the support console checks and keeps, as src/http/staff does: staff only
// (a 404 to anyone else), a reason on every action, never one's own record, support's daily caps,
// an audit entry per change.

/** Like the gateway, which checks the token's claim (and the account): anyone else is not told the route exists. */
export function isStaff(request: Request): boolean {
  const uid = caller(request);
  const claims = uid ? fakeAuth.claimsOf(uid) : {};
  return claims.support === true || claims.admin === true;
}

export const staffOnly = 'route not found';

export function isAdmin(request: Request): boolean {
  const uid = caller(request);
  return uid !== null && fakeAuth.claimsOf(uid).admin === true;
}

/** What one support member may give in a UTC day, in all: the gateway's defaults (LUCENT_SUPPORT_DAILY_*). */
export const SUPPORT_DAILY = { credits: 100, pro: 5 };

/**
 * Counts a support member's grant against the day as the gateway does (an admin's is not
 * counted): null when it fits, else the gateway's refusal words, and nothing is counted.
 */
export function countGrant(request: Request, grant: { credits: number; pro: number }): string | null {
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
export function reasonProblem(raw: string): string | null {
  const reason = raw.trim();
  if (reason === '') return 'must say why (it goes into the audit trail)';
  // Counted in code points, as the gateway counts chars.
  if (Array.from(reason).length > 500) return 'is at most 500 characters';
  return null;
}

export const ownRecord = 'staff cannot change their own record; ask a colleague';
export const staffAccount = "only an admin acts on a staff member's account";

/**
 * What of `uid`'s account the caller may not change, being no admin: a staff member's account
 * (checked after the own record's), Premium paid for. The stored card's `adminOnly` is the
 * gateway's answer to the same questions its actions ask.
 */
export function beyondSupport(request: Request, uid: string): AdminOnly {
  const user = supportUserOf(uid);
  if (!user || isAdmin(request)) return { staffAccount: false, paysForPremium: false };
  return user.adminOnly;
}

export function supportUserOf(uid: string): SupportUser | undefined {
  return db.supportUsers.find(({ profile }) => profile.uid === uid);
}

/** Saves a changed user with a new entry at the end of their audit trail; returns the user. */
export function changed(request: Request, user: SupportUser, change: Omit<SupportUser, 'audit'>, action: string, reason: string) {
  const updated: SupportUser = {
    ...change,
    audit: [...user.audit, { at: Date.now(), actor: actor(request), action, reason: reason.trim() }],
  };
  db.supportUsers = db.supportUsers.map((candidate) => (candidate === user ? updated : candidate));
  return updated;
}

/** The actions by hand on a user's record whose first checks are those of `checkedAction`. */
type RecordAction =
  | 'DELETE /api/v1/support/users/{uid}/generations/{id}'
  | 'DELETE /api/v1/support/users/{uid}'
  | 'POST /api/v1/support/users/{uid}/suspension'
  | 'POST /api/v1/support/users/{uid}/refusals/{id}/false-positive';

/**
 * The first checks of an action by hand on `uid`'s record, in the gateway's order: staff only,
 * never one's own record, then the body's reason. The body when they pass, else the answer.
 */
export async function checkedAction<Body extends { reason: string }>(
  operation: RecordAction,
  request: StrictRequest<Body>,
  uid: string,
): Promise<Body | Response> {
  if (!isStaff(request)) return fail(operation, 404, 'not_found', staffOnly);
  if (caller(request) === uid) return fail(operation, 403, 'own_record', ownRecord);
  const body = await request.json();
  const problem = reasonProblem(body.reason);
  return problem ? fail(operation, 422, 'invalid_field', `reason: ${problem}`) : body;
}

/**
 * What refuses a grant (a plan, credits) on `uid`'s record before its body is read, in the
 * gateway's order: staff only, never one's own record, a staff member's account is an admin's.
 */
export function grantRefusal(
  operation: 'POST /api/v1/support/users/{uid}/plan' | 'POST /api/v1/support/users/{uid}/credits',
  request: Request,
  uid: string,
): Response | null {
  if (!isStaff(request)) return fail(operation, 404, 'not_found', staffOnly);
  if (caller(request) === uid) return fail(operation, 403, 'own_record', ownRecord);
  if (beyondSupport(request, uid).staffAccount) return fail(operation, 403, 'admin_required', staffAccount);
  return null;
}
