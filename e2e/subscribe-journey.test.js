// Journey 4: a free user with blurred images subscribes through the TEST MODE checkout
// (declined card first, then 4242), /success confirms it without a click and says so until the
// user moves on, and the user is pro: 'Premium', the
// same image now sharp in the pixels the browser receives, a real PNG download, delete, and
// a history that survives a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { call } from './support/api.js';
import { ARTIFACTS, BASE_URL, launch, openPage } from './support/browser.js';
import {
  at,
  chooseAction,
  edgeEnergy,
  edgeEnergyOfPng,
  expectNavUser,
  freeUser,
  generateViaApi,
  gone,
  JOURNEY,
  logIn,
  pngSize,
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

/** The gallery tile of the image with this prompt, and its <img>. */
function cardOf(page, prompt) {
  const card = tileOf(page, prompt);
  return { card, img: card.getByRole('img', { name: `Generated image: ${prompt}`, exact: true }) };
}

async function loadedImage(img, what) {
  await visible(img, what);
  await until(`${what} is loaded from an object URL`, async () => {
    assert.match((await img.getAttribute('src')) ?? '', /^blob:/);
  });
  return img;
}

test('subscribing with the test card makes the same image sharp, downloadable and deletable', JOURNEY, async () => {
  const user = await freeUser(`Sub Tester ${Date.now().toString(36)}`);
  const stamp = Date.now().toString(36);
  const keep = `a red fox in fresh snow, sharp detail, keep ${stamp}`;
  const drop = `a paper boat on a puddle, drop ${stamp}`;
  const kept = await generateViaApi(user, keep, 11);
  await generateViaApi(user, drop, 12);
  assert.equal(kept.blurred, true, 'a free user gets a blurred image');

  const page = await openPage(browser);
  await logIn(page, user);
  await page.goto(`${BASE_URL}/generation`);

  // Before paying: the saved images are blurred previews.
  const a = cardOf(page, keep);
  await loadedImage(a.img, 'the saved image before paying');
  await visible(a.card.getByText('Blurred preview', { exact: true }), "the 'Blurred preview' badge before paying");
  const blurred = await edgeEnergy(a.img);

  // Pricing → the gateway's TEST MODE checkout.
  await page.getByRole('link', { name: 'Go Premium', exact: true }).click();
  await at(page, '/subscribe');
  await visible(page.getByText('$9.99', { exact: true }), 'the price on /subscribe');
  await page.getByRole('button', { name: 'Pay $9.99 per month', exact: true }).click();
  await at(page, /^\/checkout\/test\/[^/]+$/);
  await visible(page.getByText('TEST MODE', { exact: true }), 'the TEST MODE banner');
  await visible(page.getByText(`Paying as ${user.email}`, { exact: true }), 'the paying email');
  const checkoutUrl = page.url();

  // A declined card: the message, and still on the checkout page.
  await page.getByLabel('Card number', { exact: true }).fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $9.99', exact: true }).click();
  await visible(page.getByRole('alert').filter({ hasText: 'Your card was declined.' }), "'Your card was declined.'");
  assert.equal(page.url(), checkoutUrl, 'a declined payment stays on the checkout page');
  const me = await call('GET', '/api/v1/me', { token: user.token });
  assert.equal(me.body.plan, 'free', 'a declined card does not make the user pro');

  // 4242 succeeds → /success?session_id=…, which confirms it with no click and says so until the
  // user moves on (Start creating → /generate), pro.
  await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
  const confirmed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/v1/payment-success' && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Pay $9.99', exact: true }).click();
  assert.equal((await confirmed).status(), 200, 'the success page confirmed the payment on its own');
  assert.equal(await page.getByRole('button', { name: 'Proceed', exact: true }).count(), 0, 'no Proceed to press');
  await visible(page.getByRole('status').filter({ hasText: 'Payment confirmed: Premium is active.' }), 'the confirmation');
  // Real time is the thing under test: the page used to move on within 0.2 s, unread.
  await page.waitForTimeout(1000);
  await at(page, '/success');
  await visible(page.getByRole('status').filter({ hasText: 'Payment confirmed: Premium is active.' }), 'the confirmation, still');
  await page.getByRole('link', { name: 'Start creating', exact: true }).click();
  await at(page, '/generate');
  await expectNavUser(page, user.name);
  await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Premium', exact: true }), "the nav's 'Premium'");
  assert.equal(await page.getByRole('link', { name: 'Go Premium', exact: true }).count(), 0, "'Go Premium' is gone");
  const pro = await call('GET', '/api/v1/me', { token: user.token });
  assert.equal(pro.body.plan, 'pro', 'the gateway has the user as pro');

  // 'Premium' leads to the profile; the pricing page knows the plan.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Premium', exact: true }).click();
  await at(page, '/profile');
  await visible(page.getByRole('button', { name: 'Manage subscription', exact: true }), "the profile's 'Manage subscription'");
  await page.goto(`${BASE_URL}/subscribe`);
  await visible(page.getByText('You are already subscribed to Premium.', { exact: true }), 'the already-subscribed message');
  assert.equal(await page.getByRole('button', { name: /^Pay / }).count(), 0, 'no pay button for a pro user');

  // The same image, from the history on /generation, is now sharp.
  await page.goto(`${BASE_URL}/generation`);
  await loadedImage(a.img, 'the saved image after paying');
  await gone(a.card.getByText('Blurred preview', { exact: true }), "the 'Blurred preview' badge", 5000);
  const sharp = await edgeEnergy(a.img);
  assert.deepEqual([sharp.width, sharp.height], [blurred.width, blurred.height], 'the same image size');
  const ratio = sharp.energy / blurred.energy;
  recordMeasurement('subscribe: same image blurred (free) vs sharp (pro)', {
    blurred: blurred.energy,
    sharp: sharp.energy,
    ratio,
    width: sharp.width,
    height: sharp.height,
  });
  console.log(`edge energy blurred ${blurred.energy.toFixed(3)} → sharp ${sharp.energy.toFixed(3)} (×${ratio.toFixed(1)})`);
  assert.ok(ratio >= 4, `the pro image should hold several times the detail: ${blurred.energy} → ${sharp.energy}`);

  // Download saves the gateway's PNG under the product's name (docs/product.md, Downloads).
  const downloading = page.waitForEvent('download');
  await chooseAction(a.card, 'Download');
  const download = await downloading;
  const filename = download.suggestedFilename();
  assert.match(filename, /^generated_image_[A-Za-z0-9]{8}\.png$/);
  const saved = `${ARTIFACTS}${filename}`;
  await download.saveAs(saved);
  assert.equal(await download.failure(), null, 'the download completed');
  const bytes = readFileSync(saved);
  assert.deepEqual(pngSize(bytes), { width: sharp.width, height: sharp.height }, 'a PNG of the image size');
  const downloaded = await edgeEnergyOfPng(page, bytes);
  assert.ok(
    downloaded.energy > blurred.energy * 4,
    `the downloaded file is the sharp original: ${downloaded.energy} vs blurred ${blurred.energy}`,
  );

  // Delete (with its confirmation) removes the other image, here and at the gateway.
  const b = cardOf(page, drop);
  await visible(b.card, 'the second image');
  await chooseAction(b.card, 'Delete…');
  await page.getByRole('dialog', { name: 'Delete this image?', exact: true }).getByRole('button', { name: 'Delete', exact: true }).click();
  await gone(b.card, 'the deleted image');
  const list = await call('GET', '/api/v1/generations', { token: user.token });
  assert.deepEqual(
    list.body.items.map((item) => item.prompt),
    [keep],
    'the gateway keeps only the image that was not deleted',
  );

  // History survives a reload: the kept image is back, sharp; the deleted one stays gone.
  await page.reload();
  await expectNavUser(page, user.name);
  await loadedImage(a.img, 'the kept image after a reload');
  assert.equal(await a.card.getByText('Blurred preview', { exact: true }).count(), 0, 'no blur after a reload');
  assert.equal(await b.card.count(), 0, 'the deleted image does not come back');
  const again = await edgeEnergy(a.img);
  assert.ok(Math.abs(again.energy - sharp.energy) < 0.01, `the same sharp pixels after a reload: ${again.energy}`);
  page.assertNoErrors();
});
