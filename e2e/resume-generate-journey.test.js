// Journey 3b: the connection drops while a generation job runs and the user reloads. The app
// comes back to the same job (remembered per user for the tab) and shows its image: one job,
// one credit, nothing generated twice.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { call } from './support/api.js';
import { launch, openPage } from './support/browser.js';
import { at, freeUser, JOURNEY, logIn, tileOf, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const isEvents = (url) => /^\/api\/v1\/jobs\/[^/]+\/events$/.test(url.pathname);

test('a reload during a generation comes back to the same job and shows its image', JOURNEY, async () => {
  const user = await freeUser(`Resume Gen ${Date.now().toString(36)}`);
  const page = await openPage(browser);
  await logIn(page, user);
  const credits = page.getByTestId('credits');
  await until('10 free credits are shown', async () => {
    assert.match(await credits.innerText(), /^10 of 10 credits left/);
  });

  const submitted = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/jobs') submitted.push(request);
  });
  // The job's event stream never answers: the connection is stuck, as behind a dying proxy.
  const stuck = [];
  await page.route(isEvents, (route) => {
    stuck.push(route);
  });

  const prompt = `a paper boat on a puddle, e2e ${Date.now().toString(36)}`;
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await visible(page.getByTestId('generating-overlay'), "the 'Generating . . .' overlay");
  await until('the event stream was asked for', async () => {
    assert.equal(stuck.length, 1);
  });
  const jobId = /\/api\/v1\/jobs\/([^/]+)\/events$/.exec(new URL(stuck[0].request().url()).pathname)?.[1];
  assert.ok(jobId, 'the events of a job were asked for');

  await page.unroute(isEvents, { behavior: 'ignoreErrors' });
  await page.reload();

  // The same job, not a new one: its image is shown and one credit is spent.
  await at(page, '/generation', 20_000);
  const card = tileOf(page, prompt);
  await visible(card, 'the image of the job that ran during the reload');
  assert.equal(submitted.length, 1, 'one job was submitted');
  const job = await call('GET', `/api/v1/jobs/${jobId}`, { token: user.token });
  assert.equal(job.status, 200);
  assert.equal(job.body.status, 'succeeded');
  const list = await call('GET', '/api/v1/generations', { token: user.token });
  assert.equal(list.body.items.filter((item) => item.prompt === prompt).length, 1, 'one image was made');
  const me = await call('GET', '/api/v1/me', { token: user.token });
  assert.equal(me.body.quota.used, 1, 'one credit was used');
  page.assertNoErrors();
});
