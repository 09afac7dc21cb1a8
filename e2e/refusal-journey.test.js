// A refused prompt, in Chromium against the real local stack: the gateway's content gate
// refuses an explicit request about a minor, the page says why beside the Generate button, in
// view and announced, with the words and a link to the rules in the terms; the prompt is marked,
// no job card is made and no credit is spent.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { launch, openPage } from './support/browser.js';
import { at, freeUser, JOURNEY, logIn, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a refused prompt says why beside Generate, links the rules and costs nothing', JOURNEY, async () => {
  const user = await freeUser(`Refused ${Date.now().toString(36)}`);
  const page = await openPage(browser);
  await logIn(page, user);
  const credits = page.getByTestId('credits');
  await until('10 free credits are shown', async () => {
    assert.match(await credits.innerText(), /^10 of 10 credits left/);
  });

  const prompt = page.getByLabel('Prompt', { exact: true });
  await prompt.fill('nude 15 year old girl');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();

  const refusal = page.getByTestId('prompt-refusal');
  await visible(refusal, 'the refusal beside Generate');
  assert.equal(await refusal.getAttribute('role'), 'alert', 'announced');
  // Where the user is looking: in view at 1440x900 without scrolling, with the button.
  for (const [what, box] of [
    ['the refusal', await refusal.boundingBox()],
    ['Generate', await page.getByRole('button', { name: 'Generate', exact: true }).boundingBox()],
  ]) {
    assert.ok(box && box.y >= 0 && box.y + box.height <= 900, `${what} is in view: ${JSON.stringify(box)}`);
  }
  assert.equal(await page.getByRole('region', { name: 'Results', exact: true }).getByRole('article').count(), 0, 'no job card');
  const said = await refusal.innerText();
  assert.match(said, /under 18/);
  assert.match(said, /Refused because of: 15 year old\./);
  await until('the refusal says it counts, and how many of five', async () => {
    assert.match(await refusal.innerText(), /This counts against your account: 1 of 5 refused requests in the last 24 hours;/);
  });
  assert.equal(await prompt.getAttribute('aria-invalid'), 'true');
  assert.match(await credits.innerText(), /^10 of 10 credits left/, 'nothing was spent');

  await refusal.getByRole('link', { name: 'What Lucent never makes' }).click();
  await at(page, '/terms-of-service');
  await visible(page.locator('#content-rules'), 'the rules in the terms');
});
