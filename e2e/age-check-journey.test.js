// Journey: age assurance, in Chromium against the real local stack (age checks in test mode).
// A new user picks the explicit style, is told to verify their age, goes through the TEST MODE
// check as an adult, comes back verified to /verify-age, continues to the style and generates.
// A second user declines the check and cannot make an explicit image, by style or by words; a
// third is found under 18 and told so in words of its own, with no new check offered.
// An admin resets a verified user's check from the support console: that user's explicit image
// is then a placeholder in the gallery, never asked for.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { assertAccessible } from './support/accessibility.js';
import { call, grantRoles } from './support/api.js';
import { BASE_URL, launch, openPage, screenshot } from './support/browser.js';
import {
  at,
  freeUser,
  generateViaApi,
  JOURNEY,
  landsOnItsCard,
  logIn,
  nextJobSubmission,
  until,
  verifyAgeViaApi,
  visible,
} from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const NSFW = 'nsfw-v1.1';
// No stamp in an explicit prompt: the content gate reads digits and odd letters as an evader's.
const PORTRAIT = 'a portrait in soft window light, oil painting';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A style's tile: a label around a visually hidden radio, so the tile is what is clicked. */
function tile(page, label) {
  return page.locator('fieldset label').filter({ hasText: new RegExp(`^${escape(label)}`) });
}

const nsfwTile = (page) => tile(page, 'NSFW V1.1');

/** Chooses a style by its tile, and waits for its radio to be checked. */
async function chooseStyle(page, label) {
  await tile(page, label).click();
  const radio = page.getByRole('radio', { name: new RegExp(`^${escape(label)}`) });
  await until(`the ${label} style is chosen`, async () => {
    assert.equal(await radio.isChecked(), true);
  });
}

const chooseNsfw = (page) => chooseStyle(page, 'NSFW V1.1');

/** `user` signed in on /generate, once the profile is in (its credits shown). */
async function openGenerate(page, user) {
  await logIn(page, user);
  await until('10 free credits are shown', async () => {
    assert.match(await page.getByTestId('credits').innerText(), /^10 of 10 credits left/);
  });
}

/** Counts the browser's POST /api/v1/jobs from now on. */
function countJobSubmissions(page) {
  const sent = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/jobs') sent.push(request);
  });
  return () => sent.length;
}

/**
 * Presses Generate on the explicit style while unverified (once the profile says so: the tile's
 * mark): the page says why, and sends nothing.
 */
async function generateRefusedForAge(page) {
  await visible(nsfwTile(page).getByText('Verify your age', { exact: true }), "the tile's 'Verify your age' mark");
  const jobs = countJobSubmissions(page);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const message = page.getByTestId('age-check-needed');
  await visible(message, 'the age check message');
  assert.equal(jobs(), 0, 'nothing is sent for an explicit style while the age is not verified');
  return message;
}

/** From the age check message to the TEST MODE page, answered with the button named `answer`. */
async function answerTestCheck(page, message, answer) {
  await message.getByRole('button', { name: 'Verify your age', exact: true }).click();
  await at(page, /^\/age-check\/test\/[^/]+$/);
  await visible(page.getByText('TEST MODE', { exact: true }), 'the TEST MODE age check');
  await page.getByRole('button', { name: answer, exact: true }).click();
  // The way back names the style (and the prompt): the gateway kept it through the provider's flow.
  await at(page, /^\/verify-age\?returnTo=/);
  const back = new URL(page.url()).searchParams.get('returnTo');
  assert.equal(new URL(back, page.url()).pathname, '/generate');
  assert.equal(new URL(back, page.url()).searchParams.get('style'), NSFW);
}

test('a new user verifies their age in the test-mode check, comes back to the style and generates', JOURNEY, async () => {
  const user = await freeUser(`Adult ${Date.now().toString(36)}`);
  const page = await openPage(browser);
  await openGenerate(page, user);

  // The explicit style carries a mark saying it waits for a verified age; it is chosen as usual.
  await chooseNsfw(page);
  await page.getByLabel('Prompt', { exact: true }).fill(PORTRAIT);
  const message = await generateRefusedForAge(page);
  assert.match(await message.innerText(), /Explicit images are only for adults whose age is verified\./);
  await assertAccessible(page, 'the Generate page asking to verify the age');
  await screenshot(page, 'age-check-needed');

  await answerTestCheck(page, message, 'Approve: an adult (born 30 years ago)');
  await visible(page.getByText('Your age is verified.', { exact: true }), 'the verified status on /verify-age');
  await assertAccessible(page, '/verify-age, verified');
  const me = await call('GET', '/api/v1/me', { token: user.token });
  assert.equal(me.body.ageCheck.status, 'verified', `the gateway's age check: ${JSON.stringify(me.body.ageCheck)}`);

  // Continue: back to the Generate page, the explicit style chosen, without the mark.
  await page.getByRole('link', { name: 'Continue', exact: true }).click();
  await at(page, '/generate');
  const radio = page.getByRole('radio', { name: /^NSFW V1\.1/ });
  await until('the style from the address is chosen', async () => {
    assert.equal(await radio.isChecked(), true);
  });
  // The form keeps it from then on (a Back or a reload shows it too): the address drops it.
  await until('the address no longer names the style', async () => {
    assert.equal(new URL(page.url()).search, '');
  });
  await until('the mark is gone once the profile says verified', async () => {
    assert.equal(await nsfwTile(page).getByText('Verify your age', { exact: true }).count(), 0);
  });
  assert.equal(
    await page.getByLabel('Prompt', { exact: true }).inputValue(),
    PORTRAIT,
    'the prompt came back with the style',
  );

  const made = await nextJobSubmission(page, () => page.getByRole('button', { name: 'Generate', exact: true }).click());
  assert.equal(made.sent.style, NSFW, 'the explicit style is sent');
  assert.equal(made.status, 202, `the job is accepted: ${JSON.stringify(made.body)}`);
  // On its job's card, on the Generate page: loaded for a verified adult.
  await landsOnItsCard(page, PORTRAIT);
  await assertAccessible(page, 'the Generate page with an explicit image on its card');
  const list = await call('GET', '/api/v1/generations', { token: user.token });
  assert.deepEqual(
    list.body.items.map((item) => [item.style, item.explicit]),
    [[NSFW, true]],
    'one explicit image was made',
  );
  page.assertNoErrors();
});

test('a user who declines the check cannot make an explicit image, by style or by words', JOURNEY, async () => {
  const user = await freeUser(`Declined ${Date.now().toString(36)}`);
  const page = await openPage(browser);
  await openGenerate(page, user);
  await chooseNsfw(page);
  const message = await generateRefusedForAge(page);

  await answerTestCheck(page, message, 'Decline');
  await visible(page.getByText('Your age could not be verified.', { exact: true }), 'the declined status');
  await visible(page.getByText('You can still use every style that is not explicit.', { exact: true }), 'what is left');
  await visible(page.getByRole('link', { name: 'your profile', exact: true }), 'the way to support');
  assert.equal(await page.getByRole('link', { name: 'Continue', exact: true }).count(), 0, 'no way on to explicit images');
  await assertAccessible(page, '/verify-age, declined');
  const me = await call('GET', '/api/v1/me', { token: user.token });
  assert.equal(me.body.ageCheck.status, 'declined', `the gateway's age check: ${JSON.stringify(me.body.ageCheck)}`);

  // By style: the page says so and sends nothing; the gateway refuses it as well.
  await page.getByRole('link', { name: 'Go to Generate', exact: true }).click();
  await at(page, '/generate');
  await chooseNsfw(page);
  const declined = await generateRefusedForAge(page);
  assert.match(await declined.innerText(), /Your age check was declined, so Lucent cannot make explicit images for you\./);
  const refused = await call('POST', '/api/v1/jobs', { token: user.token, json: { prompt: PORTRAIT, style: NSFW } });
  assert.equal(refused.status, 403, `the gateway refuses it: ${JSON.stringify(refused.body)}`);
  assert.equal(refused.body.error.code, 'age_check_required');

  // By words, on a style whose checkpoint can draw them: only the gateway knows; the page says the same.
  await chooseStyle(page, 'Real V1.1');
  await page.getByLabel('Prompt', { exact: true }).fill('a nude woman on a bed');
  const words = await nextJobSubmission(page, () => page.getByRole('button', { name: 'Generate', exact: true }).click());
  assert.equal(words.status, 403, `explicit words are refused: ${JSON.stringify(words.body)}`);
  assert.equal(words.body.error.code, 'age_check_required');
  await visible(
    page.getByTestId('age-check-needed').getByText(/Your age check was declined/),
    'the age check message after the gateway refused',
  );
  const after = await call('GET', '/api/v1/me', { token: user.token });
  assert.equal(after.body.quota.used, 0, 'no credit was taken');
  page.assertNoErrors();
});

test('a user the check finds under 18 is told so in words that are not a decline, and cannot start another', JOURNEY, async () => {
  const user = await freeUser(`Minor ${Date.now().toString(36)}`);
  const page = await openPage(browser);
  await openGenerate(page, user);
  await chooseNsfw(page);
  const message = await generateRefusedForAge(page);

  await answerTestCheck(page, message, 'Approve: a 17-year-old');
  await visible(page.getByText('Explicit styles are locked for this account.', { exact: true }), 'the locked status');
  await visible(page.getByText(/that you are under 18, so explicit styles are locked/), 'the reason, in its own words');
  assert.equal(await page.getByText(/declined/i).count(), 0, 'nothing speaks of a decline');
  assert.equal(await page.getByRole('button', { name: 'Verify your age' }).count(), 0, 'no new check is offered');
  await assertAccessible(page, '/verify-age, under 18');
  const me = await call('GET', '/api/v1/me', { token: user.token });
  assert.equal(me.body.ageCheck.status, 'minor', `the gateway's age check: ${JSON.stringify(me.body.ageCheck)}`);

  // The profile says the same, with the way to support and without a new check.
  await page.goto(`${BASE_URL}/profile`);
  await visible(page.getByTestId('age-check-minor'), "the profile's age check note");
  assert.equal(await page.getByRole('button', { name: 'Verify your age' }).count(), 0, 'no new check on the profile');
  // The gateway holds the lock too: only staff open a new check.
  const again = await call('POST', '/api/v1/me/age-check', { token: user.token, json: {} });
  assert.equal(again.status, 403, `a new check is refused: ${JSON.stringify(again.body)}`);
  assert.equal(again.body.error.code, 'age_check_locked');
  page.assertNoErrors();
});

test('an admin resets a verified user’s check: their explicit image becomes a placeholder, never asked for', JOURNEY, async () => {
  const stamp = Date.now().toString(36);
  const owner = await freeUser(`Owner ${stamp}`);
  const check = await verifyAgeViaApi(owner);
  assert.equal(check.status, 'verified', `the test-mode check as an adult: ${JSON.stringify(check)}`);
  const explicit = await generateViaApi(owner, PORTRAIT, 5, NSFW);
  assert.equal(explicit.explicit, true, 'the image is explicit');
  const plain = `a red fox in fresh snow, age reset ${stamp}`;
  await generateViaApi(owner, plain, 6);

  // The admin's console: the card's age check, and its reset with a reason and a confirmation.
  const admin = await grantRoles(await freeUser(`Admin ${stamp}`), { support: true, admin: true });
  const staffPage = await openPage(browser);
  await logIn(staffPage, admin);
  await staffPage.goto(`${BASE_URL}/staff?${new URLSearchParams({ q: owner.email, uid: owner.uid }).toString()}`);
  const card = staffPage.getByRole('region', { name: owner.email, exact: true });
  await visible(card, "the owner's card");
  const part = card.getByRole('region', { name: 'Age check', exact: true });
  const line = part.getByTestId('age-check');
  await until('the card shows the verified check, its provider and reference', async () => {
    assert.match(await line.innerText(), /^Verified · test mode · reference \S+ · /);
  });
  const reason = `Ticket ${stamp}: a shared account`;
  const form = part.getByRole('form', { name: 'Reset the age check', exact: true });
  await form.getByRole('textbox', { name: 'Reason', exact: true }).fill(reason);
  await form.getByRole('button', { name: 'Review the reset', exact: true }).click();
  await visible(form.getByRole('group', { name: /^Reset the age check of / }), 'the confirmation');
  await assertAccessible(staffPage, 'the card asking to confirm an age check reset');
  await form.getByRole('button', { name: 'Yes, reset the age check', exact: true }).click();
  await visible(
    part.getByRole('status').filter({ hasText: `Done: reset the age check of ${owner.email}; they are unverified now.` }),
    'the announcement of the reset',
  );
  await until('the card shows the check reset', async () => {
    assert.match(await line.innerText(), /^Unverified · reset by staff · /);
  });
  const entry = card.getByRole('row', { name: new RegExp(escape(reason)) });
  await visible(entry, 'the audit entry');
  assert.match(await entry.innerText(), /age check reset/);
  staffPage.assertNoErrors();
  await staffPage.context().close();

  const image = await call('GET', explicit.imageUrl, { token: owner.token });
  assert.equal(image.status, 403, 'the explicit image is withheld from the owner now');
  assert.equal(image.body.error.code, 'age_check_required');

  // The owner's gallery: the plain image loads; the explicit one is a placeholder, never asked for.
  const page = await openPage(browser);
  const asked = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === explicit.imageUrl) asked.push(request.url());
  });
  await logIn(page, owner);
  await page.goto(`${BASE_URL}/generation`);
  const fox = page.getByRole('img', { name: `Generated image: ${plain}`, exact: true });
  await until('the plain image is loaded', async () => {
    assert.match((await fox.getAttribute('src')) ?? '', /^blob:/);
  });
  const locked = page.getByTestId('generation-card').filter({ hasText: PORTRAIT });
  await visible(locked.getByText('Verify your age to see this image', { exact: true }), 'the placeholder');
  await visible(locked.getByRole('button', { name: 'Verify your age', exact: true }), "the placeholder's button");
  assert.deepEqual(asked, [], 'the explicit image is never asked for');
  await assertAccessible(page, 'the gallery with an explicit image withheld');
  await screenshot(page, 'age-locked-image');
  page.assertNoErrors();
});
