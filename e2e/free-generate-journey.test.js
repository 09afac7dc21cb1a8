// Journey 3: a free user generates an image. Generate waits only for its POST (against a double
// click), the job's card is on the page from the click, says 'Sending…' until the gateway
// answers, and the image lands on it in place, blurred in the pixels the browser received, with
// no hold and no move to another page. In the history (through the nav) the premium controls say
// what Premium adds and lead to /subscribe; the user deletes the image (deleting is for every
// plan).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { assertAccessible } from './support/accessibility.js';
import { call } from './support/api.js';
import { BASE_URL, launch, openPage } from './support/browser.js';
import {
  actionItem,
  at,
  chooseAction,
  edgeEnergy,
  freeUser,
  gone,
  JOURNEY,
  logIn,
  recordMeasurement,
  tileOf,
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

const isJobs = (url) => url.pathname === '/api/v1/jobs';

/** Holds the browser's POST /api/v1/jobs until `release()`; then it goes to the gateway unchanged. */
async function holdGenerationRequests(page) {
  let release;
  const gate = new Promise((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(isJobs, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    held += 1;
    await gate;
    return route.continue();
  });
  return { release: () => release(), held: () => held };
}

test('a free user generates: the card at once, the blurred image in place, the premium controls in the history', JOURNEY, async () => {
  const user = await freeUser(`Free Gen ${Date.now().toString(36)}`);
  const page = await openPage(browser);
  await logIn(page, user);

  const credits = page.getByTestId('credits');
  await until('10 free credits are shown', async () => {
    assert.match(await credits.innerText(), /^10 of 10 credits left/);
  });

  const prompt = `a lighthouse on a cliff at dusk, waves, e2e ${Date.now().toString(36)}`;
  const promptField = page.getByLabel('Prompt', { exact: true });
  await promptField.fill(prompt);

  // The built-in renderer answers in milliseconds: the browser holds the POST (as a slow network
  // would) so the card can be seen before the gateway's answer.
  const hold = await holdGenerationRequests(page);
  const generate = page.getByRole('button', { name: 'Generate', exact: true });
  const layout = async () => ({
    prompt: await promptField.boundingBox(),
    scrollY: await page.evaluate(() => window.scrollY),
  });
  const before = await layout();
  await generate.click();

  const results = page.getByRole('region', { name: 'Results', exact: true });
  const jobCard = results.getByRole('article', { name: prompt, exact: true });
  await visible(jobCard.getByText('Sending…', { exact: true }), "the job's card, 'Sending…'");
  assert.equal(await generate.isDisabled(), true, 'Generate waits while the POST is on its way');
  await until('the request reaches the network', async () => {
    assert.equal(hold.held(), 1);
  });
  // Nothing covers the form or moves it.
  assert.deepEqual(await layout(), before, 'the form did not move');
  await assertAccessible(page, 'the Generate page with a job being sent');

  // Let the request go to the gateway: it queues a job, whose event stream reports the image done.
  const accepted = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/v1/jobs' && r.request().method() === 'POST',
  );
  const streamed = page.waitForResponse((r) => /^\/api\/v1\/jobs\/[^/]+\/events$/.test(new URL(r.url()).pathname));
  hold.release();
  const response = await accepted;
  assert.equal(response.status(), 202, 'the job is accepted with 202');
  const job = await response.json();
  assert.equal(response.headers()['location'], `/api/v1/jobs/${job.id}`, 'the Location of the job');
  const events = await streamed;
  assert.equal(new URL(events.url()).pathname, `/api/v1/jobs/${job.id}/events`, 'the events of that job');
  assert.equal(events.status(), 200, 'the event stream starts with 200');
  assert.match(events.headers()['content-type'] ?? '', /text\/event-stream/, 'an event stream');
  await until('Generate is ready again', async () => {
    assert.equal(await generate.isEnabled(), true);
  });
  assert.equal(await jobCard.getAttribute('data-job-id'), job.id, 'the card is that job');

  // The image lands on the card, on /generate.
  const onCard = jobCard.getByRole('img', { name: `Generated image: ${prompt}`, exact: true });
  await until('the image is loaded on its card from an object URL', async () => {
    assert.match((await onCard.getAttribute('src')) ?? '', /^blob:/);
  }, { timeout: 20_000 });
  await visible(jobCard.getByText('Blurred preview', { exact: true }), "the 'Blurred preview' badge on the card");
  assert.equal(new URL(page.url()).pathname, '/generate', 'still on /generate');
  // The image opens where the history shows it.
  const listed = await call('GET', '/api/v1/generations', { token: user.token });
  const saved = listed.body.items.find((item) => item.prompt === prompt);
  assert.ok(saved, 'the image is in the history');
  assert.equal(await jobCard.getByRole('link').getAttribute('href'), `/generation?view=${saved.id}`);
  await until('one credit was used', async () => {
    assert.match(await credits.innerText(), /^9 of 10 credits left/);
  });
  await page.unroute(isJobs);

  const blurred = await edgeEnergy(onCard);
  recordMeasurement('free-generate: blurred (as the free user received it)', blurred);
  console.log(`edge energy of the blurred image: ${blurred.energy.toFixed(3)} (${blurred.width}x${blurred.height})`);
  assert.ok(blurred.width >= 128 && blurred.height >= 128, `a real image, not a placeholder: ${JSON.stringify(blurred)}`);
  assert.ok(blurred.energy < 3, `the free user's pixels should be blurred, edge energy ${blurred.energy}`);
  await assertAccessible(page, 'the Generate page with the image on its card');

  // The history, through the nav.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My images', exact: true }).click();
  await at(page, '/generation');
  // The history: the new image, blurred, with its controls.
  const card = tileOf(page, prompt);
  await visible(card, 'the new image card');
  const img = card.getByRole('img', { name: `Generated image: ${prompt}`, exact: true });
  await visible(img, 'the image itself');
  await until('the image is loaded from an object URL', async () => {
    assert.match(await img.getAttribute('src'), /^blob:/);
  });
  await visible(card.getByText('Blurred preview', { exact: true }), "the 'Blurred preview' badge");
  // Every control is in the image's one Actions menu.
  await card.getByRole('button', { name: 'Actions', exact: true }).click();
  for (const name of ['Favourite', 'Try Again', 'Use these settings', 'Remove blur', 'Download', 'Delete…']) {
    await visible(actionItem(card, name), `the '${name}' action`);
  }
  await assertAccessible(page, "the gallery with an image's Actions menu open");
  await page.keyboard.press('Escape');
  await gone(card.getByRole('menu'), 'the Actions menu');

  // Each premium control says what Premium adds, then leads to /subscribe; none changes the image.
  for (const name of ['Download', 'Remove blur']) {
    await chooseAction(card, name);
    const dialog = page.getByRole('dialog', { name: `${name} is a Premium feature`, exact: true });
    await visible(dialog, `what Premium adds, after '${name}'`);
    await assertAccessible(page, `the Premium dialog after '${name}'`);
    await dialog.getByRole('button', { name: 'See Premium', exact: true }).click();
    await at(page, '/subscribe');
    await visible(page.getByRole('button', { name: /^Pay \$9\.99 per month$/ }), `the pay button after '${name}'`);
    await page.goBack();
    await at(page, '/generation');
    await visible(card, `the image again after '${name}'`);
  }
  const list = await call('GET', '/api/v1/generations', { token: user.token });
  assert.equal(list.status, 200);
  assert.equal(list.body.items.filter((item) => item.prompt === prompt).length, 1, 'the image was not deleted');

  // 'Use these settings' goes back to the form with the same prompt; the credit was spent.
  await chooseAction(card, 'Use these settings');
  await at(page, '/generate');
  assert.equal(await page.getByLabel('Prompt', { exact: true }).inputValue(), prompt);
  await until('one credit was used', async () => {
    assert.match(await credits.innerText(), /^9 of 10 credits left/);
  });

  // A free user deletes what they made (the credit stays spent).
  await page.goto(`${BASE_URL}/generation`);
  await visible(card, 'the image in the gallery again');
  await chooseAction(card, 'Delete…');
  const confirm = page.getByRole('dialog', { name: 'Delete this image?', exact: true });
  await visible(confirm, "the delete's confirmation");
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await gone(card, 'the deleted image');
  const after = await call('GET', '/api/v1/generations', { token: user.token });
  assert.equal(after.body.items.filter((item) => item.prompt === prompt).length, 0, 'the image is deleted');
  page.assertNoErrors();
});
