import { HttpResponse } from 'msw';

import type { Generation } from '@/types/api';

import { fakeAuth } from '../../fake-firebase';
import { db } from '../db';
import { caller, fail, http, signInFirst } from '../gateway';
import { storedZip } from '../zip';

import { isAdult, me, PNG, setUsername } from './profile';

// The caller's own account: the profile, leaving, and taking one's data along.

/** The gateway's word for a signed-in user without a profile (409 `profile_missing`). */
const noProfile = 'no profile yet: POST /api/v1/me with a username first';

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
  setUsername(null);
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

export const accountHandlers = [
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
    setUsername(body.username.trim());
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
];
