// Journey 3e (issue 37): the loop users repeat. A guest's prompt survives the detour through
// /register into the new account, and a PRO chip and the browser's Back; 'Try Again' in the
// history draws a new image with a new seed on the Generate page while 'Use these settings' keeps
// the seed; on a phone the Generate button is on screen without scrolling, the results come below
// the form, Ctrl+Enter in the prompt generates and the new image lands on its card, scrolled into
// view.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { call } from './support/api.js';
import { BASE_URL, launch, openPage } from './support/browser.js';
import { at, chooseAction, freeUser, landsOnItsCard, logIn, nextJobSubmission, tileOf, uniqueEmail, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const promptBox = (page) => page.getByLabel('Prompt', { exact: true });
const generateButton = (page) => page.getByRole('button', { name: 'Generate', exact: true });
const results = (page) => page.getByRole('region', { name: 'Results', exact: true });
const toHistory = (page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My images', exact: true }).click();

/** The user's images as the gateway lists them, newest first. */
async function history(user) {
  const list = await call('GET', '/api/v1/generations', { token: user.token });
  assert.equal(list.status, 200);
  return list.body.items;
}

test('a guest’s prompt and settings survive a PRO chip, the Back button and registering', { timeout: 120_000 }, async () => {
  const page = await openPage(browser);
  await page.goto(`${BASE_URL}/generate`);
  const prompt = `a glass greenhouse at night, e2e ${Date.now().toString(36)}`;
  await promptBox(page).fill(prompt);
  await page.getByLabel('Seed', { exact: true }).fill('4242');

  await page.getByRole('link', { name: 'More looks Pro', exact: true }).click();
  await at(page, '/subscribe');
  await page.goBack();
  await at(page, '/generate');
  await until('the prompt is back after the PRO chip', async () => {
    assert.equal(await promptBox(page).inputValue(), prompt);
  });
  assert.equal(await page.getByLabel('Seed', { exact: true }).inputValue(), '4242');

  // Generate sends a guest to register; the account made there starts from the guest's form.
  await generateButton(page).click();
  await at(page, '/register');
  await page.getByLabel('Name', { exact: true }).fill('Grace');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('detour'));
  await page.getByLabel('Password', { exact: true }).fill('secret-password');
  await page.getByLabel('I am 18 or older', { exact: true }).setChecked(true);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await at(page, '/generate');
  await until('the prompt is back after registering', async () => {
    assert.equal(await promptBox(page).inputValue(), prompt);
  });
  assert.equal(await page.getByLabel('Seed', { exact: true }).inputValue(), '4242');

  // Until the user clears it.
  await page.getByRole('button', { name: 'Reset form', exact: true }).click();
  assert.notEqual(await promptBox(page).inputValue(), prompt);
  await page.reload();
  await visible(page.getByTestId('credits'), 'the credits after a reload');
  assert.notEqual(await promptBox(page).inputValue(), prompt, 'the reset form stays reset');
  page.assertNoErrors();
});

test('Try Again draws a new image with a new seed; Use these settings keeps the seed', { timeout: 120_000 }, async () => {
  const user = await freeUser(`Again ${Date.now().toString(36)}`);
  const page = await openPage(browser);
  await logIn(page, user);
  const prompt = `a paper boat on a puddle, e2e ${Date.now().toString(36)}`;
  await promptBox(page).fill(prompt);
  await page.getByLabel('Seed', { exact: true }).fill('1234');
  await generateButton(page).click();
  await landsOnItsCard(page, prompt);
  const [first] = await history(user);
  assert.equal(first.seed, 1234, 'drawn with the typed seed');

  // In the history, 'Try Again' sends the same settings without a seed, and the gateway picks a
  // new one; the new image lands on the Generate page, where it was drawn.
  await toHistory(page);
  await at(page, '/generation');
  const cards = page.getByRole('region', { name: 'Your images', exact: true }).getByTestId('generation-card');
  await visible(tileOf(page, prompt), 'the first image');
  const again = await nextJobSubmission(page, () => chooseAction(cards.first(), 'Try Again'));
  assert.equal(again.status, 202, `Try Again's job: ${JSON.stringify(again.body)}`);
  assert.equal(again.sent.prompt, prompt);
  assert.equal(again.sent.seed, '', `no seed is sent: ${JSON.stringify(again.sent)}`);
  await at(page, '/generate');
  await landsOnItsCard(page, prompt);
  await until('both images are saved', async () => {
    assert.equal((await history(user)).length, 2);
  });
  const [second] = await history(user);
  assert.equal(second.prompt, prompt, 'the same prompt');
  assert.notEqual(second.seed, first.seed, 'a new seed, so a new image');

  // 'Use these settings' fills the form with the seed too, and sends nothing yet.
  await toHistory(page);
  await at(page, '/generation');
  await until('both images are listed', async () => {
    assert.equal(await cards.count(), 2);
  });
  await chooseAction(cards.last(), 'Use these settings');
  await at(page, '/generate');
  await until('the seed is back in the form', async () => {
    assert.equal(await page.getByLabel('Seed', { exact: true }).inputValue(), '1234');
  });
  assert.equal(await promptBox(page).inputValue(), prompt);
  assert.equal((await history(user)).length, 2, 'nothing more was made');
  page.assertNoErrors();
});

test('on a phone: Generate in view, the results below the form, Ctrl+Enter, the new image on its card', { timeout: 120_000 }, async () => {
  const user = await freeUser(`Keys ${Date.now().toString(36)}`);
  const page = await openPage(browser, { width: 390, height: 844 });
  await logIn(page, user);
  await visible(page.getByTestId('credits'), 'the credits');

  // Without scrolling, the button is within the screen; the results come after the form.
  const box = await generateButton(page).boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `Generate is on screen at 390x844: ${JSON.stringify(box)}`);
  const form = await page.locator('form').filter({ has: generateButton(page) }).boundingBox();
  const below = await results(page).boundingBox();
  assert.ok(form && below && below.y >= form.y + form.height, `the results are below the form: ${JSON.stringify({ form, below })}`);

  const prompt = `a kite over the dunes, e2e ${Date.now().toString(36)}`;
  await promptBox(page).fill(prompt);
  const sent = await nextJobSubmission(page, () => promptBox(page).press('Control+Enter'));
  assert.equal(sent.status, 202, `the job: ${JSON.stringify(sent.body)}`);
  assert.equal(sent.sent.prompt, prompt, 'the prompt as typed, with no new line');

  const card = await landsOnItsCard(page, prompt);
  assert.equal(new URL(page.url()).pathname, '/generate', 'still on /generate');
  const [made] = await history(user);
  assert.equal(await card.getByRole('link').getAttribute('href'), `/generation?view=${made.id}`);
  // Below the form, the accepted job's card was brought into view.
  await until('the new card is on screen', async () => {
    const shown = await card.boundingBox();
    assert.ok(shown && shown.y < 844 && shown.y + shown.height > 0, `the card is in view: ${JSON.stringify(shown)}`);
  });
  page.assertNoErrors();
});
