// Journey 5: leaving a checkout lands on /cancel, which says it was cancelled ('Go To
// Homepage'), signing out returns to Guest, a wrong password shows 'Login Error: ' in plain words,
// the login form's own checks, a signed-in user is sent past the login page, an old capitalised
// address opens its lower-case page with its query and fragment, and an unknown path ends at /.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { BASE_URL, launch, openPage } from './support/browser.js';
import { at, expectNavUser, freeUser, gone, JOURNEY, logIn, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function expectAlert(page, check, what) {
  const alert = page.getByRole('alert');
  await until(what, async () => {
    check((await alert.innerText()).trim());
  });
}

test('cancel a checkout, sign out, fail a login, and get lost', JOURNEY, async () => {
  const user = await freeUser(`Session Tester ${Date.now().toString(36)}`);
  const page = await openPage(browser);
  await logIn(page, user);

  // Leaving the TEST MODE checkout without paying lands on /cancel, which says so.
  await page.getByRole('link', { name: 'Go Premium', exact: true }).click();
  await at(page, '/subscribe');
  await page.getByRole('button', { name: 'Pay $9.99 per month', exact: true }).click();
  await at(page, /^\/checkout\/test\/[^/]+$/);
  await page.getByRole('link', { name: 'Cancel and go back', exact: true }).click();
  await at(page, '/cancel');
  await visible(page.getByRole('heading', { name: 'Checkout cancelled', exact: true, level: 1 }), "'Checkout cancelled'");
  await visible(page.getByText(/nothing was charged and your plan has not changed/), 'that nothing was charged');
  assert.equal(await page.getByText('Something Went Wrong').count(), 0, "no 'Something Went Wrong' for a cancelled checkout");
  await visible(page.getByRole('link', { name: 'Back to Premium', exact: true }), "the way back to Premium");
  await expectNavUser(page, user.name);
  await visible(page.getByRole('link', { name: 'Go Premium', exact: true }), "still 'Go Premium' after cancelling");
  await page.getByRole('link', { name: 'Go To Homepage', exact: true }).click();
  await at(page, '/');
  await visible(page.getByRole('heading', { name: 'Lucent', exact: true, level: 1 }), 'the landing page');

  // Signing out: back to Guest, on /, with Login and Register offered again.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await at(page, '/');
  await expectNavUser(page, 'Guest');
  await visible(page.getByRole('link', { name: 'Login', exact: true }), 'the Login link after signing out');
  await visible(page.getByRole('link', { name: 'Register', exact: true }), 'the Register link after signing out');
  assert.equal(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Premium/ }).count(), 0, 'no Premium link for a guest');
  await page.reload();
  await expectNavUser(page, 'Guest');

  // The login form's own checks, then the provider's refusal of a wrong password.
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await at(page, '/login');
  const email = page.getByLabel('Email', { exact: true });
  const password = page.getByLabel('Password', { exact: true });
  const submit = page.getByRole('button', { name: 'Login', exact: true });

  await submit.click();
  await expectAlert(page, (text) => assert.equal(text, 'Please fill in all fields'), "'Please fill in all fields'");
  await email.fill('not-an-email');
  await password.fill('whatever-password');
  await submit.click();
  await expectAlert(page, (text) => assert.equal(text, 'Please provide a valid email'), "'Please provide a valid email'");

  await email.fill(user.email);
  await password.fill('not-the-password');
  await submit.click();
  await expectAlert(
    page,
    (text) => assert.equal(text, 'Login Error: The email or password is incorrect.'),
    "'Login Error: ' and plain words, never the provider's code",
  );
  console.log(`wrong password shows: ${(await page.getByRole('alert').innerText()).trim()}`);
  await at(page, '/login');
  await expectNavUser(page, 'Guest');
  await gone(page.getByRole('button', { name: 'Sign out', exact: true }), 'a Sign out button', 1000);

  // The right password still works after the failure.
  await password.fill(user.password);
  await submit.click();
  await at(page, '/generate');
  await expectNavUser(page, user.name);

  // Signed in, the login and registration forms are not shown: on to where the user was going.
  await page.goto(`${BASE_URL}/login?redirectTo=%2Fprofile`);
  await at(page, '/profile');
  await page.goto(`${BASE_URL}/register`);
  await at(page, '/generate');
  assert.equal(await page.getByRole('button', { name: 'Register', exact: true }).count(), 0, 'no registration form');

  // The first app's capitalised addresses (bookmarks, old links) open their lower-case page, with
  // what they carried.
  await page.goto(`${BASE_URL}/terms-of-Service?from=bookmark#plans`);
  await at(page, /^\/terms-of-service\?from=bookmark$/);
  assert.equal(new URL(page.url()).hash, '#plans', 'the fragment kept');
  await visible(page.getByRole('heading', { name: 'Terms of Service', exact: true, level: 1 }), 'the terms from their old address');

  // Any other path ends at /, keeping the session.
  for (const path of ['/no/such/page', '/Generatee', '/checkout']) {
    await page.goto(`${BASE_URL}${path}`);
    await at(page, '/');
    await visible(page.getByRole('heading', { name: 'Lucent', exact: true, level: 1 }), `the landing page for ${path}`);
  }
  await expectNavUser(page, user.name);

  // /cancel works on a direct visit too (as Stripe's cancel_url), for a guest as well.
  const guest = await openPage(browser, { width: 375, height: 800 });
  await guest.goto(`${BASE_URL}/cancel`);
  await visible(guest.getByRole('heading', { name: 'Checkout cancelled', exact: true, level: 1 }), "'Checkout cancelled' for a guest");
  await guest.getByRole('link', { name: 'Go To Homepage', exact: true }).click();
  await at(guest, '/');
  await expectNavUser(guest, 'Guest');
  guest.assertNoErrors();
  page.assertNoErrors();
});
