import type { Me, Standing } from '@/types/api';

import { fakeAuth } from '../../fake-firebase';
import { db } from '../db';
import { SUSPEND_AT, WARN_AT } from '../records';

// The caller as the gateway reads them on every call: their profile, their standing with the
// content rules, and whether they may make or see explicit images.

let username: string | null = null;

/** A new profile's name (`POST /me`); null when the account is gone. */
export function setUsername(name: string | null): void {
  username = name;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The caller's refusals that count (strikes) made within the last 24 hours. */
export function recentStrikes(): number {
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

export function me(uid: string): Me {
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
export function isAdult(): boolean {
  return !db.ageCheck.required || db.ageCheck.status === 'verified';
}

/** The gateway's 403 `age_check_required` message (src/generation/error.rs). */
export const ageCheckRequired =
  'explicit images are only for adults whose age is verified: verify your age to make or see them';

/** The first bytes of a PNG: what the fake gateway serves for every image. */
export const PNG = new Uint8Array([137, 80, 78, 71]);
