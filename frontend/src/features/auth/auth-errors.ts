import { ApiError } from '@/lib/api-client';

import { messages } from './validation';

/** What anyone reads for a failure this table does not name. */
export const GENERIC_AUTH_ERROR = 'Something went wrong on our side. Please try again in a moment.';

const INCORRECT = 'The email or password is incorrect.';
const UNAVAILABLE = 'Signing in is not available right now because of a problem on our side. Please try again later.';
const LINK_EXPIRED = 'This password reset link has expired. Request a new one below.';
const LINK_INVALID =
  'This password reset link is no longer valid: it may have been used already, or a newer one was sent. Request a new one below.';
const NETWORK = 'We could not reach the sign-in service. Check your connection and try again.';
const ROBOT_CHECK = 'We could not check that you are not a robot. Reload the page and try again.';

/**
 * Plain words for every error code the Firebase SDK can give sign-in, sign-up and the password
 * reset (its `AuthErrorCodes` and the server errors it maps to them). Whether an account exists
 * for an email is never said, so signing in with an unknown one reads like a wrong password.
 */
const AUTH_MESSAGES: Readonly<Record<string, string>> = {
  'auth/invalid-credential': INCORRECT,
  'auth/wrong-password': INCORRECT,
  'auth/user-not-found': INCORRECT,
  'auth/invalid-email': messages.invalidEmail,
  'auth/missing-email': messages.missingEmail,
  'auth/missing-password': 'Please enter your password.',
  'auth/weak-password': messages.shortPassword,
  'auth/password-does-not-meet-requirements':
    'This password is not strong enough. Try a longer one that mixes letters, numbers and symbols.',
  'auth/email-already-in-use': 'An account with this email already exists. Log in, or reset its password.',
  'auth/user-disabled': 'This account has been disabled. Contact support if you think this is a mistake.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/quota-exceeded': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': NETWORK,
  'auth/timeout': NETWORK,
  'auth/expired-action-code': LINK_EXPIRED,
  'auth/invalid-action-code': LINK_INVALID,
  'auth/user-token-expired': 'Your session has expired. Please log in again.',
  'auth/invalid-user-token': 'Your session has expired. Please log in again.',
  'auth/requires-recent-login': 'Your session has expired. Please log in again.',
  'auth/user-signed-out': 'You were signed out. Please log in again.',
  'auth/invalid-recipient-email': 'We could not send an email to this address. Check it and try again.',
  'auth/web-storage-unsupported':
    'Your browser is blocking the storage that signing in needs. Allow cookies and site data for this site, then try again.',
  'auth/captcha-check-failed': ROBOT_CHECK,
  'auth/missing-recaptcha-token': ROBOT_CHECK,
  'auth/invalid-recaptcha-token': ROBOT_CHECK,
  'auth/invalid-recaptcha-action': ROBOT_CHECK,
  'auth/invalid-recaptcha-version': ROBOT_CHECK,
  'auth/missing-recaptcha-version': ROBOT_CHECK,
  'auth/recaptcha-not-enabled': ROBOT_CHECK,
  // The project's or this build's configuration: nothing the user can fix.
  'auth/operation-not-allowed': UNAVAILABLE,
  'auth/admin-restricted-operation': UNAVAILABLE,
  'auth/invalid-api-key': UNAVAILABLE,
  'auth/app-not-authorized': UNAVAILABLE,
  'auth/app-deleted': UNAVAILABLE,
  'auth/invalid-app-id': UNAVAILABLE,
  'auth/unauthorized-domain': UNAVAILABLE,
  'auth/auth-domain-config-required': UNAVAILABLE,
  'auth/invalid-continue-uri': UNAVAILABLE,
  'auth/unauthorized-continue-uri': UNAVAILABLE,
  'auth/missing-continue-uri': UNAVAILABLE,
  'auth/invalid-tenant-id': UNAVAILABLE,
  'auth/internal-error': GENERIC_AUTH_ERROR,
};

/** `auth/…` from a FirebaseError's `code`, or from its message ("Firebase: Error (auth/…)."). */
export function authErrorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  if ('code' in error && typeof error.code === 'string' && error.code.startsWith('auth/')) return error.code;
  const message = error instanceof Error ? error.message : '';
  return /\((auth\/[a-z-]+)\)/.exec(message)?.[1] ?? null;
}

/**
 * What the user reads when signing in, signing up or resetting a password fails: the gateway's
 * own message (it is written for users), plain words for the identity provider's codes, and a
 * generic sentence for anything else, so the SDK's raw text never shows.
 */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  const code = authErrorCode(error);
  return (code && AUTH_MESSAGES[code]) ?? GENERIC_AUTH_ERROR;
}
