import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { authErrorCode, authErrorMessage, GENERIC_AUTH_ERROR } from './auth-errors';

/** As the SDK rejects: a FirebaseError's code and its raw message. */
const firebaseError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), { code });

// Every code the SDK can give email and password sign-in, sign-up and the password reset.
const FLOW_CODES = [
  'auth/invalid-credential',
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-email',
  'auth/missing-email',
  'auth/missing-password',
  'auth/weak-password',
  'auth/password-does-not-meet-requirements',
  'auth/email-already-in-use',
  'auth/user-disabled',
  'auth/too-many-requests',
  'auth/quota-exceeded',
  'auth/network-request-failed',
  'auth/timeout',
  'auth/expired-action-code',
  'auth/invalid-action-code',
  'auth/user-token-expired',
  'auth/invalid-user-token',
  'auth/requires-recent-login',
  'auth/user-signed-out',
  'auth/invalid-recipient-email',
  'auth/web-storage-unsupported',
  'auth/captcha-check-failed',
  'auth/missing-recaptcha-token',
  'auth/invalid-recaptcha-token',
  'auth/operation-not-allowed',
  'auth/admin-restricted-operation',
  'auth/invalid-api-key',
  'auth/app-not-authorized',
  'auth/unauthorized-domain',
  'auth/invalid-continue-uri',
  'auth/unauthorized-continue-uri',
  'auth/missing-continue-uri',
  'auth/internal-error',
];

describe('authErrorMessage', () => {
  it.each(FLOW_CODES)('says %s in plain words, never the SDK text', (code) => {
    const message = authErrorMessage(firebaseError(code));
    expect(message).not.toMatch(/firebase|auth\//i);
    expect(message).toMatch(/^[A-Z].*\.$|^Please provide a valid email$|^Password should be at least 6 characters$/);
  });

  it('gives distinct words where the user can act on them', () => {
    expect(authErrorMessage(firebaseError('auth/wrong-password'))).toBe('The email or password is incorrect.');
    expect(authErrorMessage(firebaseError('auth/email-already-in-use'))).toBe(
      'An account with this email already exists. Log in, or reset its password.',
    );
    expect(authErrorMessage(firebaseError('auth/expired-action-code'))).toMatch(/has expired/);
    expect(authErrorMessage(firebaseError('auth/too-many-requests'))).toMatch(/Too many attempts/);
  });

  it('does not say whether an account exists: an unknown email reads like a wrong password', () => {
    expect(authErrorMessage(firebaseError('auth/user-not-found'))).toBe(
      authErrorMessage(firebaseError('auth/invalid-credential')),
    );
  });

  it.each([
    ['an unknown auth code', firebaseError('auth/some-code-added-later')],
    ['an error without a code', new Error('Firebase: something odd happened')],
    ['a thrown string', 'boom'],
    ['nothing', undefined],
  ])('gives the generic sentence for %s', (_what, error) => {
    expect(authErrorMessage(error)).toBe(GENERIC_AUTH_ERROR);
  });

  it("shows the gateway's message, which is written for users", () => {
    expect(authErrorMessage(new ApiError(503, 'store_unavailable', 'Try again in a minute'))).toBe('Try again in a minute');
  });
});

describe('authErrorCode', () => {
  it('reads the code, or failing that the message', () => {
    expect(authErrorCode(firebaseError('auth/user-disabled'))).toBe('auth/user-disabled');
    expect(authErrorCode(new Error('Firebase: Error (auth/weak-password).'))).toBe('auth/weak-password');
    expect(authErrorCode(new Error('no code here'))).toBeNull();
  });
});
