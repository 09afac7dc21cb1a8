// Journey: the studio (issue 46). At 1440x900 the results stand beside the form, Generate in view
// without scrolling. A Premium user sends two jobs one after the other: each job's card is there
// in the same frame as the click ('Sending…', before the gateway answers), each is followed on its
// own event stream, both show the backend's own progress at once, and both land in place, each
// with its own image, on /generate. The page passes axe while both render and once both landed.
//
// The built-in renderer ends a job within milliseconds, faster than a card can be looked at. So
// each job's first event stream is cut after the gateway's last event before the end (as a dying
// proxy would), and the page's reconnection (Last-Event-ID) is held until both jobs are seen
// rendering: every state shown is the gateway's own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { assertAccessible } from './support/accessibility.js';
import { call } from './support/api.js';
import { launch, openPage, screenshot } from './support/browser.js';
import { at, freeUser, JOURNEY, logIn, subscribeViaApi, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const isEvents = (url) => /^\/api\/v1\/jobs\/[^/]+\/events$/.test(url.pathname);
const isJobs = (url) => url.pathname === '/api/v1/jobs';
const ENDS = new Set(['done', 'error', 'canceled']);

/** The `event:` and `id:` of one block of a `text/event-stream` body. */
function fieldsOf(block) {
  const field = (name) => block.split('\n').find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1).trim();
  return { event: field('event'), id: field('id'), data: field('data') };
}

/**
 * Each job's first stream is answered with the gateway's events up to its end, without the end;
 * every later one waits for `release()` and then goes to the gateway. Returns what each job's
 * first stream carried.
 */
async function holdEachJobBeforeItsEnd(page) {
  let release;
  const released = new Promise((resolve) => {
    release = resolve;
  });
  const cut = new Map();
  await page.route(isEvents, async (route) => {
    const id = /\/api\/v1\/jobs\/([^/]+)\/events$/.exec(new URL(route.request().url()).pathname)[1];
    if (cut.has(id)) {
      await released;
      return route.continue();
    }
    const answer = await route.fetch();
    const blocks = (await answer.text()).split('\n\n').filter((block) => block.trim() !== '');
    const end = blocks.findIndex((block) => ENDS.has(fieldsOf(block).event));
    const kept = blocks.slice(0, end === -1 ? blocks.length : end);
    cut.set(id, kept.map(fieldsOf));
    return route.fulfill({
      status: answer.status(),
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
      body: kept.map((block) => `${block}\n\n`).join(''),
    });
  });
  return { release: () => release(), cut };
}

/** The next POST /api/v1/jobs waits for `answer()` before it goes to the gateway. */
async function holdNextSubmission(page) {
  let answer;
  const answered = new Promise((resolve) => {
    answer = resolve;
  });
  let held = 0;
  await page.route(isJobs, async (route) => {
    if (route.request().method() !== 'POST' || held > 0) return route.continue();
    held += 1;
    await answered;
    return route.continue();
  });
  return { answer: () => answer(), held: () => held };
}

test('two jobs at once: each on its own card from the click, both rendering, both landing in place', JOURNEY, async () => {
  const user = await freeUser(`Studio ${Date.now().toString(36)}`);
  await subscribeViaApi(user);
  const page = await openPage(browser, { width: 1440, height: 900 });
  await logIn(page, user);
  await visible(page.getByTestId('credits'), 'the credits');

  // The studio: the results beside the form, Generate in view without scrolling.
  const generate = page.getByRole('button', { name: 'Generate', exact: true });
  const results = page.getByRole('region', { name: 'Results', exact: true });
  const form = page.locator('form').filter({ has: generate });
  const [formBox, resultsBox, buttonBox] = [await form.boundingBox(), await results.boundingBox(), await generate.boundingBox()];
  assert.ok(resultsBox.x >= formBox.x + formBox.width, `the results stand right of the form: ${JSON.stringify({ formBox, resultsBox })}`);
  assert.ok(buttonBox.y >= 0 && buttonBox.y + buttonBox.height <= 900, `Generate is in view at 1440x900: ${JSON.stringify(buttonBox)}`);
  await assertAccessible(page, 'the studio before any job');

  const stamp = Date.now().toString(36);
  const first = `a lighthouse on a cliff at dusk, studio ${stamp}`;
  const second = `a fox asleep in the snow, studio ${stamp}`;
  const cardOf = (prompt) => results.getByRole('article', { name: prompt, exact: true });
  const streams = await holdEachJobBeforeItsEnd(page);

  // The first job's card is there before the gateway has answered.
  const submission = await holdNextSubmission(page);
  await page.getByLabel('Prompt', { exact: true }).fill(first);
  await generate.click();
  await visible(cardOf(first).getByText('Sending…', { exact: true }), "the first card, 'Sending…'");
  await until('the POST is held at the network', async () => {
    assert.equal(submission.held(), 1);
  });
  assert.equal(await generate.isDisabled(), true, 'Generate waits for the POST on its way');
  submission.answer();
  await until('Generate is ready again once the gateway answered', async () => {
    assert.equal(await generate.isEnabled(), true);
  });

  // The second job while the first one is still on its way.
  await page.getByLabel('Prompt', { exact: true }).fill(second);
  await generate.click();
  await until('both cards, newest first', async () => {
    const names = await results.getByRole('article').evaluateAll((cards) =>
      cards.map((card) => document.getElementById(card.getAttribute('aria-labelledby'))?.textContent),
    );
    assert.deepEqual(names, [second, first]);
  });

  // Both rendering at once, each bar at the fraction its own stream reported.
  for (const prompt of [first, second]) {
    const bar = cardOf(prompt).getByRole('progressbar', { name: 'Rendering progress' });
    await visible(bar, `the progress of '${prompt}'`, 20_000);
  }
  assert.equal(streams.cut.size, 2, 'one stream per job');
  for (const [id, events] of streams.cut) {
    const progress = events.filter((event) => event.event === 'progress');
    assert.ok(progress.length > 0, `job ${id}'s stream reported progress before its end: ${JSON.stringify(events)}`);
    const card = results.locator(`[data-job-id="${id}"]`);
    const fraction = JSON.parse(progress.at(-1).data).fraction;
    assert.equal(
      await card.getByRole('progressbar').getAttribute('aria-valuenow'),
      String(Math.round(fraction * 100)),
      `job ${id} shows the fraction its stream reported`,
    );
  }
  await screenshot(page, 'studio-two-jobs-rendering');
  await assertAccessible(page, 'the studio with two jobs rendering');

  // Let the reconnections through: each job's end lands on its own card, with its own image.
  streams.release();
  for (const prompt of [first, second]) {
    const img = cardOf(prompt).getByRole('img', { name: `Generated image: ${prompt}`, exact: true });
    await until(`the image of '${prompt}' is loaded on its card`, async () => {
      assert.match((await img.getAttribute('src')) ?? '', /^blob:/);
    }, { timeout: 20_000 });
    assert.equal(await cardOf(prompt).getByRole('img').count(), 1, `one image on the card of '${prompt}'`);
  }
  await at(page, '/generate');
  await screenshot(page, 'studio-two-jobs-landed');
  await assertAccessible(page, 'the studio with two jobs landed');

  // Two jobs, two images, as the gateway holds them.
  const list = await call('GET', '/api/v1/generations', { token: user.token });
  assert.equal(list.status, 200);
  assert.deepEqual(
    list.body.items.map((item) => item.prompt).filter((prompt) => prompt.endsWith(stamp)).sort(),
    [first, second].sort(),
    'one image per job',
  );
  await page.unroute(isEvents);
  await page.unroute(isJobs);
  page.assertNoErrors();
});
