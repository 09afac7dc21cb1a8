// Journey: the support console. A user pays through the TEST MODE checkout; a support account
// (its role set in the Auth emulator, as `lucent staff grant` does) finds them by the start of
// their email, reads why they are pro, grants 5 bonus credits with a reason and a keyboard
// confirmation, and sees the audit entry; the paying user then sees the bonus on /profile.
// Support deletes another user's account with a reason: that user can no longer sign in, and
// the console no longer finds them. On a paying subscriber's card support finds no Free plan and
// no deletion, and on a colleague's no form at all, each with the sentence saying only an admin
// may. A user without the role sees only that the page is for staff.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { assertAccessible } from './support/accessibility.js';
import { call, grantSupportRole, signIn } from './support/api.js';
import { BASE_URL, launch, openPage, screenshot } from './support/browser.js';
import {
  at,
  expectNavUser,
  freeUser,
  generateViaApi,
  JOURNEY,
  logIn,
  subscribeViaApi,
  until,
  visible,
} from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A support account, its role in effect at the gateway, signed in on /staff. */
async function openConsole(name) {
  const support = await grantSupportRole(await freeUser(name));
  // The gateway takes the new token as staff's (and the account itself has the role).
  const found = await call('GET', `/api/v1/support/users?q=${encodeURIComponent(support.uid)}`, { token: support.token });
  assert.equal(found.status, 200, `the support role is in effect: ${JSON.stringify(found.body)}`);
  const page = await openPage(browser);
  await logIn(page, support);
  await page.goto(`${BASE_URL}/staff`);
  await visible(page.getByRole('heading', { name: 'Support console', exact: true }), 'the support console');
  return { support, page };
}

async function search(page, q) {
  await page.getByRole('searchbox', { name: 'Find a user', exact: true }).fill(q);
  await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
}

/** Finds the user with `email` by `q` and opens their card. */
async function openCard(page, q, email) {
  await search(page, q);
  const result = page.getByRole('list', { name: 'Users found' }).getByRole('link', { name: new RegExp(escape(email)) });
  await visible(result, `${email} among the results`);
  await result.click();
  const card = page.getByRole('region', { name: email, exact: true });
  await visible(card, `the card of ${email}`);
  return card;
}

test('support grants a paying user 5 bonus credits, and the user sees them on their profile', JOURNEY, async () => {
  const stamp = Date.now().toString(36);
  const paying = await freeUser(`Paying Pat ${stamp}`);
  const prompt = `a harbour at night, support journey ${stamp}`;
  await generateViaApi(paying, prompt, 21);
  await subscribeViaApi(paying);
  const { support, page } = await openConsole(`Support Sam ${stamp}`);
  const reason = `Goodwill for ticket ${stamp}`;

  // Search by the start of the email, in capitals (the search ignores case).
  const start = paying.email.slice(0, paying.email.indexOf('@')).toUpperCase();
  const card = await openCard(page, start, paying.email);
  const why = card.getByText(/^Pro: /);
  await visible(why, 'the why sentence');
  const sentence = await why.innerText();
  assert.match(sentence, /^Pro:/, `the why sentence: ${sentence}`);
  // The local stack takes payments through the offline test checkout.
  assert.match(sentence, /paid by the test checkout/, `the why sentence: ${sentence}`);
  const preview = card.getByRole('img', { name: `Blurred preview: ${prompt}`, exact: true });
  await visible(preview, "the user's image among the blurred previews");
  // Previews are fetched once they come near the window.
  await preview.scrollIntoViewIfNeeded();
  await until('the preview is loaded from an object URL', async () => {
    assert.match((await preview.getAttribute('src')) ?? '', /^blob:/, `the preview shows: ${await preview.innerText()}`);
  });

  // Grant 5 bonus credits: a reason, a review, and the confirmation (focused) taken with Enter.
  const form = card.getByRole('form', { name: 'Add bonus credits', exact: true });
  await form.getByRole('spinbutton', { name: 'Bonus credits', exact: true }).fill('5');
  await form.getByRole('textbox', { name: 'Reason', exact: true }).fill(reason);
  await form.getByRole('button', { name: 'Review the credits', exact: true }).click();
  const question = form.getByRole('group', {
    name: new RegExp(`^Add 5 bonus credits to ${escape(paying.email)} for the current period \\(it ends .+\\)\\?$`),
  });
  await visible(question, 'the confirmation, saying what will happen');
  const focused = await page.evaluate(() => document.activeElement?.textContent);
  assert.equal(focused, 'Yes, add the credits', 'the focus moves to the confirmation');
  await assertAccessible(page, 'the support console asking for a confirmation');
  await page.keyboard.press('Enter');

  await visible(
    form.getByRole('status').filter({ hasText: `Done: added 5 bonus credits to ${paying.email}.` }),
    'the announcement of the grant',
  );
  const entry = card.getByRole('row', { name: new RegExp(escape(reason)) });
  await visible(entry, 'the audit entry');
  const row = await entry.innerText();
  assert.match(row, new RegExp(escape(`${support.email} (${support.uid})`)), `the audit entry names who: ${row}`);
  assert.match(row, /add-credits 5 to p\d{8}T\d{6}Z/, `the audit entry says what (a pro user's billing month): ${row}`);
  await visible(card.getByText(/ used \(incl\. 5 bonus\) · resets /), 'the credits with the bonus on the card');
  await assertAccessible(page, 'the support console with a card open');
  await screenshot(page, 'support-console-card');
  page.assertNoErrors();

  // The paying user, in a browser of their own, sees the bonus on their profile.
  const own = await openPage(browser);
  await logIn(own, paying);
  await own.goto(`${BASE_URL}/profile`);
  const credits = own.getByTestId('profile-credits');
  await visible(credits, "the profile's credits");
  await until('the profile names the 5 bonus credits', async () => {
    assert.match(await credits.innerText(), /including 5 bonus credits from support$/);
  });
  const me = await call('GET', '/api/v1/me', { token: paying.token });
  assert.equal(me.body.quota.bonus, 5, 'the gateway counts the bonus');
  own.assertNoErrors();
  await own.context().close();
  await page.context().close();
});

test('support deletes an account with a reason; its user cannot sign in, and the console finds them no more', JOURNEY, async () => {
  const stamp = Date.now().toString(36);
  const leaving = await freeUser(`Leaving Lee ${stamp}`);
  const made = await generateViaApi(leaving, `a lantern on a jetty, support deletion ${stamp}`, 41);
  const { support, page } = await openConsole(`Support Sue ${stamp}`);
  const reason = `Deletion asked by email, ticket ${stamp}`;

  const card = await openCard(page, leaving.email, leaving.email);
  const form = card.getByRole('form', { name: 'Delete this account', exact: true });
  await form.getByRole('textbox', { name: 'Reason', exact: true }).fill(reason);
  await form.getByRole('button', { name: 'Review the deletion', exact: true }).click();
  const question = form.getByRole('group', {
    name: `Delete the account of ${leaving.email} (${leaving.uid}) for good? This cannot be undone.`,
    exact: true,
  });
  await visible(question, 'the confirmation, naming the user');
  await visible(question.getByText('their subscription, cancelled at once (no refund for the period begun);'), 'what goes');
  const focused = await page.evaluate(() => document.activeElement?.textContent);
  assert.equal(focused, `Delete ${leaving.email}'s account`, 'the focus moves to the button that deletes, naming the user');
  await assertAccessible(page, 'the support console asking to confirm a deletion');
  await page.keyboard.press('Enter');

  // The gateway cancels, deletes every image and record, then the sign-in, before it answers.
  await visible(card.getByRole('heading', { name: 'Account deleted', exact: true }), 'that the account was deleted', 30_000);
  await visible(card.getByText(/^Nothing was kept: /), 'that nothing was kept');
  await visible(
    card.getByText(`This account was deleted: there is no user with the uid “${leaving.uid}” any more.`, { exact: true }),
    'the card saying the account is gone',
  );
  // The open search reloads without them.
  await visible(page.getByText(`Nobody matches “${leaving.email}”.`, { exact: true }), 'the search finding nobody');
  await assertAccessible(page, 'the support console after a deletion');
  page.assertNoErrors();

  // Searching afresh, by the start of the email, finds nobody either; nor does the gateway.
  await page.goto(`${BASE_URL}/staff`);
  const start = leaving.email.slice(0, leaving.email.indexOf('@'));
  await search(page, start);
  await visible(page.getByText(`Nobody matches “${start}”.`, { exact: true }), 'a new search finding nobody');
  const found = await call('GET', `/api/v1/support/users?q=${encodeURIComponent(leaving.email)}`, { token: support.token });
  assert.deepEqual(found.body.users, [], `the gateway finds nobody: ${JSON.stringify(found.body)}`);
  const user = await call('GET', `/api/v1/support/users/${leaving.uid}`, { token: support.token });
  assert.equal(user.status, 404, `the user's card is gone: ${user.status} ${JSON.stringify(user.body)}`);
  page.assertNoErrors();
  await page.context().close();

  // The email and password no longer sign in, at the emulator or on the login page.
  await assert.rejects(signIn(leaving), /sign-in failed: 400/);
  const own = await openPage(browser);
  await own.goto(`${BASE_URL}/login`);
  await own.getByLabel('Email', { exact: true }).fill(leaving.email);
  await own.getByLabel('Password', { exact: true }).fill(leaving.password);
  await own.getByRole('button', { name: 'Login', exact: true }).click();
  await until("the login page refuses the deleted account's email", async () => {
    assert.equal((await own.getByRole('alert').innerText()).trim(), 'Login Error: The email or password is incorrect.');
  });
  await at(own, '/login');
  await expectNavUser(own, 'Guest');

  // The old ID token may still verify, but nothing is left behind it.
  const me = await call('GET', '/api/v1/me', { token: leaving.token });
  assert.ok(
    (me.status === 409 && me.body.error?.code === 'profile_missing') || me.status === 401,
    `GET /api/v1/me with the old token: ${me.status} ${JSON.stringify(me.body)}`,
  );
  const image = await call('GET', `/api/v1/generations/${made.id}/image`, { token: leaving.token });
  assert.notEqual(image.status, 200, `the image is gone: ${image.status}`);
  own.assertNoErrors();
  await own.context().close();
});

test("support is offered no change a paying subscriber's or a colleague's account would refuse, and reads why", JOURNEY, async () => {
  const stamp = Date.now().toString(36);
  const paying = await freeUser(`Paying Pia ${stamp}`);
  await subscribeViaApi(paying);
  const colleague = await grantSupportRole(await freeUser(`Colleague Cole ${stamp}`));
  const { support, page } = await openConsole(`Support Sky ${stamp}`);

  // A paying subscriber: Pro and credits may be given, Premium not taken away, the account not deleted.
  const card = await openCard(page, paying.email, paying.email);
  const plan = card.getByRole('form', { name: 'Set the plan', exact: true });
  await visible(
    plan.getByText('Pro only: this user pays for Premium, and only an admin can take it away.', { exact: true }),
    'why the plan form offers no Free',
  );
  assert.equal(await plan.getByRole('radio', { name: 'Free', exact: true }).count(), 0, 'no Free plan to choose');
  await visible(card.getByRole('form', { name: 'Add bonus credits', exact: true }), 'the bonus credits form');
  const deletion = card.getByRole('region', { name: 'Delete this account', exact: true });
  await visible(
    deletion.getByText('This user pays for Premium: only an admin can delete their account.', { exact: true }),
    'why there is no deletion',
  );
  assert.equal(await card.getByRole('form', { name: 'Delete this account', exact: true }).count(), 0, 'no deletion form');
  await assertAccessible(page, "the support console with a paying subscriber's card");
  // The gateway refuses what the card does not offer.
  const refused = await call('DELETE', `/api/v1/support/users/${paying.uid}`, {
    token: support.token,
    json: { reason: `journey ${stamp}` },
  });
  assert.equal(refused.status, 403, `deleting a paying subscriber: ${JSON.stringify(refused.body)}`);
  assert.equal(refused.body.error?.code, 'admin_required');

  // A colleague's account: nothing to change, and the sentence in place of the forms.
  const theirs = await openCard(page, colleague.email, colleague.email);
  await visible(
    theirs.getByText("This is a staff member’s account: only an admin can change its plan or credits, or delete it.", {
      exact: true,
    }),
    "why a colleague's account offers no change",
  );
  assert.equal(await theirs.getByRole('form').count(), 0, "no form on a colleague's card");
  await assertAccessible(page, "the support console with a colleague's card");
  await screenshot(page, 'support-console-colleague');
  const credits = await call('POST', `/api/v1/support/users/${colleague.uid}/credits`, {
    token: support.token,
    json: { credits: 1, reason: `journey ${stamp}` },
  });
  assert.equal(credits.status, 403, `credits to a colleague: ${JSON.stringify(credits.body)}`);
  assert.equal(credits.body.error?.code, 'admin_required');
  page.assertNoErrors();
  await page.context().close();
});

test('a user without the support role sees only that the page is for staff', JOURNEY, async () => {
  const user = await freeUser(`Curious Cam ${Date.now().toString(36)}`);
  const page = await openPage(browser);
  await logIn(page, user);
  await page.goto(`${BASE_URL}/staff`);
  await visible(page.getByRole('heading', { name: 'This page is for Lucent support staff.', exact: true }), 'the staff-only message');
  assert.equal(await page.getByRole('search').count(), 0, 'no search for a user without the role');
  page.assertNoErrors();
  await page.context().close();
});
