// Journey 3: a free user generates an image. The busy label and the 'Generating . . .'
// overlay follow the product's timings (docs/product.md, Generating; driven by the page clock), the
// gallery shows the image, the pixels the browser received are blurred, and the premium
// controls say what Premium adds and lead to /subscribe; the user deletes the image (deleting is
// for every plan).
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

/** Holds the browser's POST /api/v1/jobs until `release()`; then it goes to the gateway unchanged. */
async function holdGenerationRequests(page) {
  let release;
  const gate = new Promise((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(
    (url) => url.pathname === '/api/v1/jobs',
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      held += 1;
      await gate;
      return route.continue();
    },
  );
  return { release: () => release(), held: () => held };
}

test('a free user generates: busy label, overlay after 2000 ms, blurred image in the gallery', JOURNEY, async () => {
  const user = await freeUser(`Free Gen ${Date.now().toString(36)}`);
  const page = await openPage(browser);
  // Fake timers from the first script on; they follow real time until paused below.
  await page.clock.install();
  await logIn(page, user);

  const credits = page.getByTestId('credits');
  await until('10 free credits are shown', async () => {
    assert.match(await credits.innerText(), /^10 of 10 credits left/);
  });

  const prompt = `a lighthouse on a cliff at dusk, waves, e2e ${Date.now().toString(36)}`;
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);

  // The builtin renderer answers in milliseconds, too fast to see the overlay while the
  // request is pending. So the browser holds the request (as a busy queue would) and the
  // page clock is paused: every spec timing is then checked to the millisecond.
  const hold = await holdGenerationRequests(page);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);

  const generate = page.getByRole('button', { name: 'Generate', exact: true });
  const promptField = page.getByLabel('Prompt', { exact: true });
  const layout = async () => ({
    prompt: await promptField.boundingBox(),
    scrollY: await page.evaluate(() => window.scrollY),
  });
  await generate.click();

  const busy = page.getByRole('button', { name: 'Generation...', exact: true });
  await visible(busy, "the busy label 'Generation...'");
  assert.equal(await busy.isDisabled(), true, 'the busy button is disabled');
  const before = await layout();
  await until('the request reaches the network', async () => {
    assert.equal(hold.held(), 1);
  });

  const overlay = page.getByTestId('generating-overlay');
  await page.clock.runFor(1999);
  assert.equal(await overlay.count(), 0, 'the overlay appeared before 2000 ms');

  await page.clock.runFor(1);
  await visible(overlay, "the 'Generating . . .' overlay at 2000 ms");
  await visible(overlay.getByRole('heading', { name: 'Generating . . .', exact: true }), "the title 'Generating . . .'");
  await visible(overlay.getByRole('progressbar', { name: 'Generation progress' }), 'the progress bar');
  await visible(overlay.getByRole('link', { name: 'Generate Faster', exact: true }), "the 'Generate Faster' link");
  assert.equal(await busy.isDisabled(), true, 'still busy while the request is pending');
  for (const key of ['Tab', 'Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    assert.equal(await overlay.evaluate((card) => card.contains(document.activeElement)), true, `${key} keeps focus in the overlay`);
  }
  // The overlay covers the page without moving it.
  assert.deepEqual(
    await layout(),
    before,
    'the page under the overlay did not move',
  );

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
  await visible(overlay.getByText('Done! Opening your images…', { exact: true }), 'the done status in the overlay');
  await until('the progress bar is full', async () => {
    assert.equal(await overlay.getByRole('progressbar').getAttribute('aria-valuenow'), '100');
  });

  // Busy clears 400 ms after the answer, the overlay 4000 ms after it, then the gallery.
  await page.clock.runFor(399);
  assert.equal(await busy.count(), 1, 'busy cleared before 400 ms');
  await page.clock.runFor(1);
  await visible(generate, 'the Generate label again 400 ms after the answer');
  await page.clock.runFor(3599);
  assert.equal(await overlay.count(), 1, 'the overlay cleared before 4000 ms');
  assert.equal(new URL(page.url()).pathname, '/generate');
  await page.clock.runFor(1);
  await gone(overlay, 'the overlay 4000 ms after the answer');
  await at(page, '/generation');
  await page.clock.resume();
  await page.unroute((url) => url.pathname === '/api/v1/jobs');

  // The gallery: the new image, blurred, with its controls.
  const card = tileOf(page, prompt);
  await visible(card, 'the new image tile');
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

  const blurred = await edgeEnergy(img);
  recordMeasurement('free-generate: blurred (as the free user received it)', blurred);
  console.log(`edge energy of the blurred image: ${blurred.energy.toFixed(3)} (${blurred.width}x${blurred.height})`);
  assert.ok(blurred.width >= 128 && blurred.height >= 128, `a real image, not a placeholder: ${JSON.stringify(blurred)}`);
  assert.ok(blurred.energy < 3, `the free user's pixels should be blurred, edge energy ${blurred.energy}`);

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
