import { HttpResponse } from 'msw';

import { fakeAuth } from '../../fake-firebase';
import { db } from '../db';
import { caller, fail, http } from '../gateway';
import { ageCheckAsSeen } from '../records';

import {
  beyondSupport,
  changed,
  checkedAction,
  isAdmin,
  isStaff,
  ownRecord,
  reasonProblem,
  staffAccount,
  staffOnly,
  supportUserOf,
} from './staff-rules';

// A user's account as staff act on it: their images, the account itself, staff roles, the age check.

/** The gateway's words for what an account under review keeps when deleted (src/account/deletion.rs). */
const HELD =
  "Your images, your refused requests and your profile are kept while our staff review this account under the content rules; they are deleted with the review's end.";

export const staffAccountHandlers = [
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
    const body = await checkedAction(operation, request, params.uid);
    if (body instanceof Response) return body;
    const user = supportUserOf(params.uid);
    const images = db.supportImages[params.uid] ?? [];
    if (!user || !images.some((image) => image.id === params.id)) return fail(operation, 404, 'not_found', 'image not found');
    db.supportImages[params.uid] = images.filter((image) => image.id !== params.id);
    changed(request, user, user, `delete generation ${params.id}`, body.reason);
    return response(204).empty();
  }),

  http.delete('/api/v1/support/users/{uid}', async ({ request, params, response }) => {
    const operation = 'DELETE /api/v1/support/users/{uid}';
    const body = await checkedAction(operation, request, params.uid);
    if (body instanceof Response) return body;
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
];
