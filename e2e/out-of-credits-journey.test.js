// Out of credits: a free user who has spent the day's credits finds Generate disabled, with
// the time they come back written in the browser's own time, and nothing to click that would
// only be refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { call } from './support/api.js';
import { BASE_URL, launch, openPage } from './support/browser.js';
import { JOURNEY, at, freeUser, generateViaApi, logIn, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a free user with every credit spent finds Generate disabled and reads when the credits come back', JOURNEY, async () => {
  const user = await freeUser(`Spent Sam ${Date.now().toString(36)}`);
  for (let n = 0; n < 10; n += 1) await generateViaApi(user, `a lighthouse at dusk, take ${n}`, n + 1);
  const me = await call('GET', '/api/v1/me', { token: user.token });
  assert.equal(me.body.quota.used, me.body.quota.limit, `every credit is spent: ${JSON.stringify(me.body.quota)}`);

  const page = await openPage(browser);
  await logIn(page, user);
  await page.goto(`${BASE_URL}/generate`);
  await at(page, '/generate');
  const note = page.getByTestId('credits-spent');
  await visible(note, 'the note that no credits are left');
  const said = await note.innerText();
  assert.match(said, /^No credits left: they come back /);
  assert.doesNotMatch(said, /\d{4}-\d{2}-\d{2}T/, 'a date for people, not a timestamp');
  const generate = page.getByRole('button', { name: 'Generate', exact: true });
  await until('Generate is disabled', async () => {
    assert.equal(await generate.isDisabled(), true);
  });
  page.assertNoErrors();
});
