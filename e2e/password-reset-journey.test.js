// Journey: a forgotten password. 'Forgot password?' on /login asks the Auth emulator for a reset
// email (the same words for an address without an account), the link's code is read from the
// emulator as a mail client would show it, /reset-password sets the new password and signs in,
// Generate says the password was changed, the old password no longer works, the new one does,
// and the used link says so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { AUTH_EMULATOR } from './support/api.js';
import { BASE_URL, launch, openPage } from './support/browser.js';
import { at, expectNavUser, freeUser, JOURNEY, uniqueEmail, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const SENT = 'If an account exists for that email, we sent a link to choose a new password.';

/** The password reset codes the emulator holds for `email` instead of mailing them, oldest first. */
async function resetCodesFor(email) {
  const response = await fetch(`${AUTH_EMULATOR}/emulator/v1/projects/demo-lucent/oobCodes`);
  assert.equal(response.status, 200, 'the emulator lists its codes');
  const { oobCodes } = await response.json();
  return oobCodes.filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET');
}

/** Asks for a reset link on /forgot-password, reached from the login page. */
async function requestReset(page, email) {
  await page.goto(`${BASE_URL}/login`);
  await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
  await at(page, '/forgot-password');
  await visible(page.getByRole('heading', { name: 'Reset your password', exact: true, level: 1 }), 'the reset request page');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link', exact: true }).click();
  await visible(page.getByRole('status').filter({ hasText: SENT }), 'the words that say a link was sent if the account exists');
}

async function logInWith(page, email, password) {
  await page.goto(`${BASE_URL}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('a forgotten password is reset through the emailed link, and the new one signs in', JOURNEY, async () => {
  const user = await freeUser(`Reset Tester ${Date.now().toString(36)}`);
  const page = await openPage(browser);

  // An address without an account reads the same, and no email goes out.
  const nobody = uniqueEmail('nobody');
  await requestReset(page, nobody);
  assert.deepEqual(await resetCodesFor(nobody), [], 'no link for an address without an account');

  await requestReset(page, user.email);
  const codes = await until('the emulator holds the reset link', async () => {
    const found = await resetCodesFor(user.email);
    assert.equal(found.length, 1);
    return found;
  });
  const { oobCode, oobLink } = codes[0];
  // The link continues to our page, which completes the reset where the provider hands it over.
  assert.equal(new URL(oobLink).searchParams.get('continueUrl'), `${BASE_URL}/reset-password`);

  // What Firebase's action URL, set to this page, opens.
  await page.goto(`${BASE_URL}/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(oobCode)}&apiKey=demo-api-key&lang=en`);
  await visible(page.getByText(user.email, { exact: true }), 'the account the link is for');
  const newPassword = 'a-brand-new-password';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save new password', exact: true }).click();
  await at(page, '/generate');
  await expectNavUser(page, user.name);
  await visible(
    page.getByRole('status').filter({ hasText: 'Your password was changed, and you are signed in with the new one.' }),
    'the words that say the password was changed',
  );

  // Signed out, the old password is refused in plain words; the new one signs in.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expectNavUser(page, 'Guest');
  await logInWith(page, user.email, user.password);
  await until('the old password is refused', async () => {
    assert.equal((await page.getByRole('alert').innerText()).trim(), 'Login Error: The email or password is incorrect.');
  });
  await logInWith(page, user.email, newPassword);
  await at(page, '/generate');
  await expectNavUser(page, user.name);

  // The link is used up.
  await page.goto(`${BASE_URL}/reset-password?oobCode=${encodeURIComponent(oobCode)}`);
  await visible(page.getByRole('alert').filter({ hasText: 'This password reset link is no longer valid' }), 'a used link refused');
  assert.doesNotMatch(await page.getByRole('alert').innerText(), /firebase|auth\//i);
  await visible(page.getByRole('link', { name: 'Request a new link', exact: true }), 'the way to a new link');
  page.assertNoErrors();
});
