// The links scripts/reset-links.mjs prints for the Auth emulator's codes (as its
// `/emulator/v1/projects/{project}/oobCodes` lists them).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { appResetLink, newResetLines } from './reset-links.mjs';

const APP = 'http://127.0.0.1:8080';

/** A code as the emulator lists it, for a reset asked with `continueUrl` (none when null). */
function code(oobCode, continueUrl = `${APP}/reset-password`, requestType = 'PASSWORD_RESET') {
  const link = new URL('http://127.0.0.1:9099/emulator/action');
  link.search = new URLSearchParams({ mode: 'resetPassword', lang: 'en', oobCode, apiKey: 'fake-api-key' }).toString();
  if (continueUrl) link.searchParams.set('continueUrl', continueUrl);
  return { email: 'ada@example.com', oobCode, oobLink: link.href, requestType };
}

test("opens the app's reset page with the code, never the emulator's own page", () => {
  assert.equal(appResetLink(code('c0de-1'), APP), `${APP}/reset-password?mode=resetPassword&oobCode=c0de-1`);
});

test('keeps the origin the app asked to continue on (Vite in development)', () => {
  assert.equal(
    appResetLink(code('c2', 'http://localhost:5173/reset-password'), APP),
    'http://localhost:5173/reset-password?mode=resetPassword&oobCode=c2',
  );
});

test("takes the stack's app without a continue URL, or with one that is not the app's reset page", () => {
  for (const continueUrl of [null, 'http://127.0.0.1:8080/profile', 'javascript:alert(1)', 'not a url']) {
    assert.equal(appResetLink(code('c3', continueUrl), APP), `${APP}/reset-password?mode=resetPassword&oobCode=c3`, String(continueUrl));
  }
});

test('encodes a code with characters an address would read otherwise', () => {
  assert.equal(appResetLink(code('a+b/c=&d'), APP), `${APP}/reset-password?mode=resetPassword&oobCode=a%2Bb%2Fc%3D%26d`);
});

test('prints each reset once, and nothing for the other kinds of code', () => {
  const seen = new Set();
  const first = newResetLines([code('c4'), code('v1', null, 'VERIFY_EMAIL')], seen, APP);
  assert.deepEqual(first, [
    `password reset for ada@example.com (the Auth emulator sends no email): ${APP}/reset-password?mode=resetPassword&oobCode=c4`,
  ]);
  assert.deepEqual(newResetLines([code('c4'), code('v1', null, 'VERIFY_EMAIL')], seen, APP), []);
  assert.equal(newResetLines([code('c4'), code('c5')], seen, APP).length, 1);
});
