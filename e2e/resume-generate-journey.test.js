// Journey 3b: the connection drops while a generation job runs and the user reloads. The app
// comes back to the same job (remembered per user for the tab) and shows its image on the job's
// card, on /generate: one job, one credit, nothing generated twice.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { call } from './support/api.js';
import { launch, openPage } from './support/browser.js';
import { freeUser, JOURNEY, logIn, until, visible } from './support/journey.js';

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
  const card = page.getByRole('region', { name: 'Results', exact: true }).getByRole('article', { name: prompt, exact: true });
  await visible(card, "the job's card");
  await until('the event stream was asked for', async () => {
    assert.equal(stuck.length, 1);
  });
  const jobId = /\/api\/v1\/jobs\/([^/]+)\/events$/.exec(new URL(stuck[0].request().url()).pathname)?.[1];
  assert.ok(jobId, 'the events of a job were asked for');

  // The stuck stream is let go, so the page after the reload reaches the gateway.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();

  // The same job, not a new one: its image is shown on its card and one credit is spent.
  await until('the card is that job again', async () => {
    assert.equal(await card.getAttribute('data-job-id'), jobId);
  });
  const img = card.getByRole('img', { name: `Generated image: ${prompt}`, exact: true });
  await until('the image of the job that ran during the reload is on its card', async () => {
    assert.match((await img.getAttribute('src')) ?? '', /^blob:/);
  }, { timeout: 20_000 });
  assert.equal(new URL(page.url()).pathname, '/generate', 'still on /generate');
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
