import { paths } from '@/config/paths';
import { confirmPasswordReset, sendPasswordReset, signIn } from '@/lib/firebase';

import { authErrorCode } from '../auth-errors';

/**
 * Asks for a reset link for `email`. An address without an account succeeds as well, so the
 * page cannot be used to find out who has one (the provider says so unless its email
 * enumeration protection is on, as in the emulator).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const continueUrl = new URL(paths.resetPassword, window.location.origin).href;
  try {
    await sendPasswordReset(email.trim(), continueUrl);
  } catch (error) {
    if (authErrorCode(error) !== 'auth/user-not-found') throw error;
  }
}

/**
 * Sets the new password, then signs in with it. Resolves to whether the sign-in worked: the
 * password is changed either way, and without it the user logs in by hand.
 */
export async function completePasswordReset(oobCode: string, email: string, password: string): Promise<boolean> {
  await confirmPasswordReset(oobCode, password);
  try {
    await signIn(email, password);
    return true;
  } catch {
    return false;
  }
}
