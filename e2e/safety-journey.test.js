// Journey: the content rules, in Chromium against the real local stack. A new user signs up
// (confirming 18+), and an honest negative prompt written in A1111 weights passes the gate:
// the image arrives on its job's card. Then a request resting on one ambiguous sign, a misspelt
// name that may be a real person's, under the explicit style: the gateway asks to rephrase
// without a strike, and the page names the words to change, beside the Generate button, and says
// it does not count against the account.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { assertAccessible } from './support/accessibility.js';
import { call, signIn } from './support/api.js';
import { BASE_URL, launch, openPage } from './support/browser.js';
import { at, expectNavUser, JOURNEY, landsOnItsCard, nextJobSubmission, uniqueEmail, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const NEGATIVE_PROMPT = '(worst quality:1.4), (low quality:1.8), lowres';
const AMBIGUOUS_PROMPT = 'nude Taylor Swfit on a beach';

test('an honest negative prompt generates; one ambiguous sign asks to rephrase and does not count', JOURNEY, async () => {
  const page = await openPage(browser);
  const name = `Safety ${Date.now().toString(36)}`;
  const user = { name, email: uniqueEmail('safety'), password: 'secret-password' };
  await page.goto(`${BASE_URL}/register`);
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('I am 18 or older', { exact: true }).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await at(page, '/generate');
  await expectNavUser(page, name);
  const credits = page.getByTestId('credits');
  await until('10 free credits are shown', async () => {
    assert.match(await credits.innerText(), /^10 of 10 credits left/);
  });

  // An honest negative prompt in A1111's weight syntax passes the gate and the image arrives.
  const prompt = `a lighthouse on a cliff at dusk, safety e2e ${Date.now().toString(36)}`;
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  await page.getByLabel('Negative prompt', { exact: true }).fill(NEGATIVE_PROMPT);
  const generate = page.getByRole('button', { name: 'Generate', exact: true });
  const made = await nextJobSubmission(page, () => generate.click());
  assert.equal(made.sent.negativePrompt, NEGATIVE_PROMPT, 'the negative prompt is sent as typed');
  assert.equal(made.status, 202, `the job is accepted: ${JSON.stringify(made.body)}`);
  await landsOnItsCard(page, prompt);
  const token = await signIn(user);
  const list = await call('GET', '/api/v1/generations', { token });
  assert.equal(list.status, 200);
  const saved = list.body.items.filter((item) => item.prompt === prompt);
  assert.equal(saved.length, 1, 'one image was made');
  assert.equal(saved[0].negativePrompt, NEGATIVE_PROMPT, 'the image keeps its negative prompt');

  // Still on the form, on the default style: its checkpoint can draw nudity, so the prompt's
  // explicit words make the request explicit.
  assert.equal(new URL(page.url()).pathname, '/generate', 'still on /generate');
  await until('one credit was used', async () => {
    assert.match(await credits.innerText(), /^9 of 10 credits left/);
  });

  const promptField = page.getByLabel('Prompt', { exact: true });
  await promptField.fill(AMBIGUOUS_PROMPT);
  const refused = await nextJobSubmission(page, () => generate.click());
  assert.equal(refused.status, 422, `the gateway refuses it: ${JSON.stringify(refused.body)}`);
  assert.equal(refused.body.error.code, 'prompt_refused');
  assert.equal(refused.body.error.strike, false, `one ambiguous sign is no strike: ${JSON.stringify(refused.body)}`);
  assert.deepEqual(refused.body.error.words, ['Taylor Swfit']);

  // Beside Generate, announced: the words to change, each marked, and that it does not count.
  const refusal = page.getByTestId('prompt-refusal');
  await visible(refusal, 'the refusal beside Generate');
  assert.equal(await refusal.getAttribute('role'), 'alert');
  const said = await refusal.innerText();
  assert.match(said, /Change these words and try again: Taylor Swfit\./);
  assert.match(said, /Nothing was charged, and this does not count against your account\./);
  assert.doesNotMatch(said, /Refused because of/);
  assert.equal(await refusal.locator('strong').filter({ hasText: /^Taylor Swfit$/ }).count(), 1, 'the word is marked');
  await visible(refusal.getByRole('link', { name: 'What Lucent never makes', exact: true }), 'the link to the rules');
  assert.equal(await promptField.getAttribute('aria-invalid'), 'true');
  await assertAccessible(page, 'a request to rephrase');

  // Nothing charged, nothing counted: the profile shows no warning and the gateway no strike.
  assert.match(await credits.innerText(), /^9 of 10 credits left/, 'the refusal cost nothing');
  const me = await call('GET', '/api/v1/me', { token });
  assert.equal(me.status, 200);
  assert.deepEqual(
    { strikes: me.body.standing.strikes, warning: me.body.standing.warning, suspension: me.body.standing.suspension },
    { strikes: 0, warning: null, suspension: null },
    `the standing after a request to rephrase: ${JSON.stringify(me.body.standing)}`,
  );
  assert.equal(await page.getByRole('region', { name: 'Your standing' }).count(), 0, 'no standing notice on the page');
  assert.equal(await generate.isEnabled(), true, 'Generate stays enabled');
  page.assertNoErrors();
});
