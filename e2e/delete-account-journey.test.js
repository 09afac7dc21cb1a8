// Journey 7b: a free user with an image deletes the account from the profile page. The
// confirmation names what goes and stays shut until the account's email is typed (any case);
// then the browser is signed out on a page that says the account was deleted. The email and
// password no longer sign in, and the gateway holds nothing for the old ID token.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { assertAccessible } from './support/accessibility.js';
import { call, signIn } from './support/api.js';
import { BASE_URL, launch, openPage } from './support/browser.js';
import { at, expectNavUser, freeUser, generateViaApi, gone, JOURNEY, logIn, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a user deletes their account from the profile page by typing its email, and cannot sign in again', JOURNEY, async () => {
  const user = await freeUser(`Delete Tester ${Date.now().toString(36)}`);
  const made = await generateViaApi(user, `a kite over a grey beach, e2e ${Date.now().toString(36)}`, 31);

  const page = await openPage(browser);
  await logIn(page, user);
  await page.goto(`${BASE_URL}/profile`);
  const data = page.getByRole('region', { name: 'Your data', exact: true });
  await visible(data, "the profile's 'Your data'");
  await data.getByRole('button', { name: 'Delete my account', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Delete your account?', exact: true });
  await visible(dialog, 'the confirmation');
  await visible(dialog.getByText('your subscription, cancelled at once (no refund for the period begun);'), 'what goes');
  await assertAccessible(page, 'the confirmation of a deletion');
  const email = dialog.getByRole('textbox', { name: "Your account's email", exact: true });
  const confirm = dialog.getByRole('button', { name: 'Yes, delete my account', exact: true });
  assert.equal(await confirm.isDisabled(), true, 'nothing typed: the delete button is disabled');
  await email.fill(`someone-else-${user.email}`);
  assert.equal(await confirm.isDisabled(), true, 'another email: the delete button stays disabled');
  await email.fill(` ${user.email.toUpperCase()} `);
  await until('the account’s email, in capitals, enables the delete button', async () => {
    assert.equal(await confirm.isEnabled(), true);
  });
  await confirm.click();

  // The gateway cancels, deletes every image and record, then the sign-in, before it answers.
  await at(page, '/account-deleted', 30_000);
  await visible(page.getByRole('heading', { name: 'Your account was deleted', exact: true, level: 1 }), 'the deleted page');
  await visible(page.getByText('Everything is gone:', { exact: false }), 'that nothing was kept');
  await expectNavUser(page, 'Guest');
  await page.reload();
  await expectNavUser(page, 'Guest');

  // The email and password no longer sign in, at the emulator or on the login page.
  await assert.rejects(signIn(user), /sign-in failed: 400/);
  await page.goto(`${BASE_URL}/login`);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await until("the login page refuses the deleted account's email", async () => {
    assert.equal((await page.getByRole('alert').innerText()).trim(), 'Login Error: The email or password is incorrect.');
  });
  await at(page, '/login');
  await expectNavUser(page, 'Guest');
  await gone(page.getByRole('button', { name: 'Sign out', exact: true }), 'a Sign out button', 1000);

  // The old ID token may still verify (the gateway checks its signature, not the account), but
  // the gateway has no profile for it any more; refusing the token outright is as good.
  const me = await call('GET', '/api/v1/me', { token: user.token });
  assert.ok(
    (me.status === 409 && me.body.error?.code === 'profile_missing') || me.status === 401,
    `GET /api/v1/me with the old token: ${me.status} ${JSON.stringify(me.body)}`,
  );
  const image = await call('GET', `/api/v1/generations/${made.id}/image`, { token: user.token });
  assert.notEqual(image.status, 200, `the image is gone: ${image.status}`);
  page.assertNoErrors();
});
