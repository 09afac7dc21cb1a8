// A standing that survives a new sign-up: an account with a verified email is suspended by five
// refusals and deleted; a new account with the same email starts clean while its address is
// unverified, and verifies it from the profile (the link the Auth emulator holds instead of
// mailing it): the profile then shows the suspension the deleted account left, and the gateway
// keeps it from generating.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { AUTH_EMULATOR, call, signIn } from './support/api.js';
import { BASE_URL, launch, openPage } from './support/browser.js';
import { JOURNEY, freeUser, logIn, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The emulator's email verification codes for `email`, oldest first. */
async function verificationCodesFor(email) {
  const response = await fetch(`${AUTH_EMULATOR}/emulator/v1/projects/demo-lucent/oobCodes`);
  assert.equal(response.status, 200, 'the emulator lists its codes');
  const { oobCodes } = await response.json();
  return oobCodes.filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL');
}

/** Follows the verification link the emulator holds for `email`, as its owner would. */
async function followVerificationLink(email) {
  const codes = await until('the emulator holds a verification link', async () => {
    const found = await verificationCodesFor(email);
    assert.ok(found.length > 0);
    return found;
  });
  const { oobCode } = codes.at(-1);
  const response = await fetch(`${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode }),
  });
  assert.equal(response.status, 200, `the link verifies the address: ${await response.text()}`);
}

/** Asks the emulator to send `user` a verification link, as the app's registration does. */
async function sendVerification(user) {
  const response = await fetch(`${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken: user.token }),
  });
  assert.equal(response.status, 200, `a verification link is sent: ${await response.text()}`);
}

/** An account in the emulator with `email` (an address used before), and its gateway profile. */
async function signUpAgain(email, name) {
  const response = await fetch(`${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-password', returnSecureToken: true, displayName: name }),
  });
  const body = await response.json();
  assert.equal(response.status, 200, `the address signs up again: ${JSON.stringify(body)}`);
  const user = { uid: body.localId, email, password: 'secret-password', token: body.idToken, name };
  const created = await call('POST', '/api/v1/me', { token: user.token, json: { username: name, ageConfirmed: true } });
  assert.equal(created.status, 200, `POST /api/v1/me: ${JSON.stringify(created.body)}`);
  return user;
}

test('a suspended account deleted and signed up again with its email is suspended again once the email is verified', JOURNEY, async () => {
  const stamp = Date.now().toString(36);
  const first = await freeUser(`Returning Rae ${stamp}`);
  await sendVerification(first);
  await followVerificationLink(first.email);
  const verified = { ...first, token: await signIn(first) };
  for (let n = 0; n < 5; n += 1) {
    const refused = await call('POST', '/api/v1/jobs', { token: verified.token, json: { prompt: 'naked little girl' } });
    assert.equal(refused.status, 422, `refusal ${n + 1}: ${JSON.stringify(refused.body)}`);
  }
  const gone = await call('DELETE', '/api/v1/me', { token: verified.token, json: { email: first.email } });
  assert.equal(gone.status, 200, `the account is deleted: ${JSON.stringify(gone.body)}`);

  const again = await signUpAgain(first.email, `Returning Rae again ${stamp}`);
  const page = await openPage(browser);
  await logIn(page, again);
  await page.goto(`${BASE_URL}/profile`);
  const email = page.getByTestId('profile-email');
  await visible(email.getByText(`${first.email} · Not verified`, { exact: false }), 'an unverified address');
  const standing = page.getByRole('region', { name: 'Your standing', exact: true });
  assert.equal(await standing.count(), 0, 'an unverified address carries nothing over');

  await email.getByRole('button', { name: 'Send a verification link', exact: true }).click();
  await visible(email.getByText(`We sent a link to ${first.email}.`, { exact: false }), 'the link is sent');
  await followVerificationLink(first.email);
  await email.getByRole('button', { name: 'I have followed the link', exact: true }).click();

  await visible(email.getByText(`${first.email} · Verified`, { exact: false }), 'the verified address');
  await visible(standing, "the deleted account's standing");
  await until('the profile shows the suspension', async () => {
    assert.match(await standing.innerText(), /suspended/i);
  });
  const blocked = await call('POST', '/api/v1/jobs', {
    token: await signIn(again),
    json: { prompt: 'a lighthouse at dusk' },
  });
  assert.equal(blocked.status, 403, `the new account cannot generate: ${JSON.stringify(blocked.body)}`);
  assert.equal(blocked.body.error.code, 'account_suspended');
  page.assertNoErrors();
});
