import { useMutation } from '@tanstack/react-query';

import { ApiError, client, unwrap } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { useMe } from '@/lib/me';
import { useInvalidateAccount } from '@/lib/query-client';
import type { Generation, Me } from '@/types/api';

// Age assurance as every page needs it (Generate, the gallery, the profile, /verify-age): explicit
// images, made or seen, only for accounts whose adulthood a provider confirmed. Plans play no part.

/**
 * Whether explicit images wait for this account's age to be verified: false for a guest, and
 * where this server has age checks off (`required` false).
 */
export function mustVerifyAge(me: Me | null): boolean {
  return me !== null && me.ageCheck.required && me.ageCheck.status !== 'verified';
}

/**
 * Whether `generation`'s image may be asked for, and whether an age check stands in its way. An
 * explicit image answers 403 `age_check_required` to an unverified viewer, so it is not asked
 * for before the profile says whether the viewer is one.
 */
export function useExplicitGate(generation: Generation) {
  const { me } = useMe();
  const locked = generation.explicit && mustVerifyAge(me);
  return { locked, mayLoad: !locked && (!generation.explicit || me !== null) };
}

/**
 * `POST /api/v1/me/age-check`: the provider's link for a new check, or for the pending one. Its
 * flow sends the user back to /verify-age, which goes on to `returnTo` (a path of this app).
 */
export function startAgeCheck(returnTo: string): Promise<{ url: string }> {
  return unwrap(client.POST('/api/v1/me/age-check', { body: { returnTo } }));
}

/** Why a check could not be started, as the user reads it. */
export function ageCheckFailure(error: Error): string {
  const code = error instanceof ApiError ? error.code : null;
  switch (code) {
    case 'age_already_verified':
      return 'Your age is already verified.';
    case 'age_check_locked':
      return 'Your age check found that you are under 18. Only our support team can open a new check.';
    case 'rate_limited':
      return 'You have started several age checks in a short time. Try again in a few minutes.';
    case 'dependency_unavailable':
      return 'The age check service cannot be reached right now. Try again in a moment.';
    case 'not_found':
      return 'This server does not ask for an age check.';
    default:
      return `The age check could not be started: ${error.message}`;
  }
}

/**
 * Starts the age check (or resumes the pending one) and leaves for the provider's flow. When the
 * gateway knows better (verified already, or checks turned off), the profile reloads so the page
 * shows what it says.
 */
export function useStartAgeCheck() {
  const { afterAgeCheck } = useInvalidateAccount();
  return useMutation({
    mutationFn: startAgeCheck,
    onSuccess: ({ url }) => {
      browser.assign(url);
    },
    onError: (error) => {
      const known = ['age_already_verified', 'age_check_locked', 'not_found'];
      if (error instanceof ApiError && known.includes(error.code)) {
        void afterAgeCheck();
      }
    },
  });
}
