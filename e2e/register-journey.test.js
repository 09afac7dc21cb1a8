// Journey 2: registration through the /register page: each of the product's validation messages,
// then a real account; the nav then shows the name and 'Go Premium'.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { AUTH_EMULATOR, call } from './support/api.js';
import { BASE_URL, launch, openPage } from './support/browser.js';
import { at, expectNavUser, gone, JOURNEY, uniqueEmail, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Fills the form (each field replaced, empty strings included) and presses Register. */
async function submit(page, { name, email, password, adult = false }) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('I am 18 or older', { exact: true }).setChecked(adult);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
}

async function expectAlert(page, text) {
  const alert = page.getByRole('alert');
  await until(`the form shows '${text}'`, async () => {
    assert.equal((await alert.innerText()).trim(), text);
  });
}

test('registration shows each validation message, then creates the account', JOURNEY, async () => {
  const page = await openPage(browser);
  await page.goto(`${BASE_URL}/register`);
  await visible(page.getByRole('heading', { name: 'Register', exact: true, level: 1 }), 'the Register heading');
  await expectNavUser(page, 'Guest');

  const email = uniqueEmail('register');
  const name = `Reg Tester ${Date.now().toString(36)}`;

  // In the product's order (docs/product.md, Registration): every field required, a valid email,
  // 6+ characters.
  await submit(page, { name: '', email: '', password: '' });
  await expectAlert(page, 'Please fill in all fields');
  await submit(page, { name, email, password: '' });
  await expectAlert(page, 'Please fill in all fields');
  await submit(page, { name: '   ', email, password: 'secret-password' });
  await expectAlert(page, 'Please fill in all fields');

  for (const bad of ['not-an-email', 'ada@example', '@example.com']) {
    await submit(page, { name, email: bad, password: 'secret-password' });
    await expectAlert(page, 'Please provide a valid email');
  }

  await submit(page, { name, email, password: '12345' });
  await expectAlert(page, 'Password should be at least 6 characters');
  // Ours, after the product's: Lucent is for adults only.
  await submit(page, { name, email, password: 'secret-password' });
  await expectAlert(page, 'Please confirm that you are 18 or older');
  assert.equal(new URL(page.url()).pathname, '/register', 'an invalid form stays on /register');

  // Nothing was created by the invalid attempts.
  await expectNavUser(page, 'Guest');

  await submit(page, { name, email, password: 'secret-password', adult: true });
  await at(page, '/generate');
  await expectNavUser(page, name);
  await visible(page.getByRole('link', { name: 'Go Premium', exact: true }), "the nav's 'Go Premium' link");
  await visible(page.getByRole('button', { name: 'Sign out', exact: true }), 'the Sign out button');
  assert.equal(await page.getByRole('link', { name: 'Register', exact: true }).count(), 0, 'no Register link once signed in');
  assert.equal(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Premium', exact: true }).count(), 0, "a free user has no 'Premium'");
  await until('the free credits are shown', async () => {
    assert.match(await page.getByTestId('credits').innerText(), /^10 of 10 credits left/);
  });

  // 'Go Premium' leads to the pricing page.
  await page.getByRole('link', { name: 'Go Premium', exact: true }).click();
  await at(page, '/subscribe');
  await visible(page.getByText('$9.99', { exact: true }), 'the price');
  await visible(page.getByRole('button', { name: /^Pay \$9\.99 per month$/ }), 'the pay button');

  // The name survives a reload (the session is restored, display name kept).
  await page.reload();
  await expectNavUser(page, name);
  await visible(page.getByRole('link', { name: 'Go Premium', exact: true }), "'Go Premium' after a reload");
  page.assertNoErrors();

  // The same address cannot register twice: said in plain words, never the provider's code.
  const other = await openPage(browser);
  await other.goto(`${BASE_URL}/register`);
  await submit(other, { name: 'Someone Else', email, password: 'another-password', adult: true });
  const alert = other.getByRole('alert');
  await until('plain words for a taken address', async () => {
    assert.equal(
      (await alert.innerText()).trim(),
      'An account with this email already exists. Log in, or reset its password.',
    );
  });
  await gone(other.getByRole('link', { name: 'Go Premium', exact: true }), "'Go Premium' for the refused registration", 1000);
  await expectNavUser(other, 'Guest');
  other.assertNoErrors();

  // The account is real: its email signs in against the emulator and the profile exists.
  const signIn = await fetch(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-password', returnSecureToken: true }),
    },
  ).then((r) => r.json());
  const lookup = await fetch(`${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: signIn.idToken }),
  }).then((r) => r.json());
  assert.equal(lookup.users?.[0]?.displayName, name, 'the display name is set on the identity account');
  const me = await call('GET', '/api/v1/me', { token: signIn.idToken });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  assert.equal(me.body.username, name);
  assert.equal(me.body.email, email);
  assert.equal(me.body.plan, 'free');
  assert.equal(me.body.ageConfirmed, true);
});
