// Shared steps of the browser journeys: accounts made through the API, sign-in through the
// /login page, retried assertions, and measurements taken inside the page.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

import { call, setDisplayName, signUp } from './api.js';
import { ARTIFACTS, BASE_URL } from './browser.js';

/** Generous per-test timeout for the journeys (the runner's option). */
export const JOURNEY = { timeout: 60_000 };

/** A unique address for an account the browser creates itself. */
export function uniqueEmail(name) {
  return `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/**
 * A free user made directly in the Auth emulator (with its display name, as the app's
 * registration sets it) plus its gateway profile (`POST /me`),
 * so journeys that are not about registration start quickly.
 */
export async function freeUser(displayName) {
  const user = await signUp(displayName.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  await setDisplayName(user, displayName);
  const created = await call('POST', '/api/v1/me', {
    token: user.token,
    json: { username: displayName, ageConfirmed: true },
  });
  assert.equal(created.status, 200, `POST /api/v1/me for ${displayName}: ${JSON.stringify(created.body)}`);
  return { ...user, name: displayName };
}

/**
 * A generation made through the API for `user` (blurred while the user is free), in `style` (the
 * catalog's default when none). An explicit one needs the user's age verified first
 * (verifyAgeViaApi).
 */
export async function generateViaApi(user, prompt, seed = 7, style = undefined) {
  const made = await call('POST', '/api/v1/generations', { token: user.token, json: { prompt, seed, style } });
  assert.equal(made.status, 201, `POST /api/v1/generations: ${JSON.stringify(made.body)}`);
  return made.body.generations[0];
}

/**
 * Pays for Premium as the browser would, through the API: a checkout session, the TEST MODE
 * checkout page's form with the 4242 card, and the confirmation the success page sends.
 */
export async function subscribeViaApi(user) {
  const checkout = await call('POST', '/api/v1/checkout', { token: user.token });
  assert.equal(checkout.status, 200, `POST /api/v1/checkout: ${JSON.stringify(checkout.body)}`);
  const page = new URL(checkout.body.url).pathname;
  const paid = await call('POST', page, { form: { card: '4242 4242 4242 4242' }, redirect: 'manual' });
  assert.equal(paid.status, 303, `paying on the test checkout page: ${paid.status}`);
  const sessionId = new URL(paid.headers.get('location')).searchParams.get('session_id');
  const confirmed = await call('POST', '/api/v1/payment-success', {
    token: user.token,
    json: { sessionId, firebaseId: user.uid },
  });
  assert.equal(confirmed.status, 200, `POST /api/v1/payment-success: ${JSON.stringify(confirmed.body)}`);
  assert.equal(confirmed.body.plan, 'pro');
}

/**
 * Answers `user`'s age check as the browser would, through the API: a check started (`POST
 * /api/v1/me/age-check`) and the TEST MODE page's form with `answer` (`adult`, `minor` or
 * `decline`), which delivers the provider's webhook before it sends the browser back. Journeys
 * whose explicit generations must succeed verify their users this way first (the local stack
 * runs age checks in test mode). Returns the account's `ageCheck` after.
 */
export async function verifyAgeViaApi(user, answer = 'adult') {
  const started = await call('POST', '/api/v1/me/age-check', { token: user.token, json: {} });
  assert.equal(started.status, 201, `POST /api/v1/me/age-check: ${JSON.stringify(started.body)}`);
  const page = new URL(started.body.url).pathname;
  const answered = await call('POST', page, { form: { answer }, redirect: 'manual' });
  assert.equal(answered.status, 303, `answering the test age check (${answer}): ${answered.status}`);
  const me = await call('GET', '/api/v1/me', { token: user.token });
  assert.equal(me.status, 200, `GET /api/v1/me: ${JSON.stringify(me.body)}`);
  return me.body.ageCheck;
}

/** The browser's next POST /api/v1/jobs, sent by `press`: its body, and the gateway's status and answer. */
export async function nextJobSubmission(page, press) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/jobs' && r.request().method() === 'POST'),
    press(),
  ]);
  return { sent: response.request().postDataJSON(), status: response.status(), body: await response.json() };
}

/**
 * Re-runs `check` (which throws on failure) until it passes or `timeout` ms have gone, then
 * rethrows its last error with `what` in front.
 */
export async function until(what, check, { timeout = 10_000, every = 100 } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const reason = last instanceof Error ? last.message : String(last);
      throw new Error(`${what} (after ${timeout} ms): ${reason}`, { cause: last });
    }
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/** Waits for `locator` to be visible, failing with a message that says what was expected. */
export async function visible(locator, what, timeout = 10_000) {
  try {
    await locator.waitFor({ state: 'visible', timeout });
  } catch (error) {
    throw new Error(`expected to see ${what}: ${error.message.split('\n')[0]}`, { cause: error });
  }
  return locator;
}

/** Waits until `locator` is gone (detached or hidden). */
export async function gone(locator, what, timeout = 10_000) {
  try {
    await locator.waitFor({ state: 'hidden', timeout });
  } catch (error) {
    throw new Error(`expected ${what} to disappear: ${error.message.split('\n')[0]}`, { cause: error });
  }
}

/**
 * Waits for the image of `prompt` to be loaded on its job card in the studio's results (the
 * newest such card: Try Again makes another of the same prompt); returns the card.
 */
export async function landsOnItsCard(page, prompt) {
  const card = page.getByRole('region', { name: 'Results', exact: true }).getByRole('article', { name: prompt, exact: true }).first();
  const img = card.getByRole('img', { name: `Generated image: ${prompt}`, exact: true });
  await until(`the image of '${prompt}' lands on its card`, async () => {
    assert.match((await img.getAttribute('src')) ?? '', /^blob:/);
  }, { timeout: 20_000 });
  return card;
}

/** Makes one image of `prompt` through the Generate page's form and waits for it on its card. */
export async function generateInStudio(page, prompt) {
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  return landsOnItsCard(page, prompt);
}

/** The path (and query) the page is on, matched ignoring nothing. */
export function pathOf(page) {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits for the page to be at `path` (a string compared exactly, or a RegExp on the path). */
export async function at(page, path, timeout = 15_000) {
  const matches = (url) =>
    typeof path === 'string' ? url.pathname === path : path.test(url.pathname + url.search);
  try {
    await page.waitForURL(matches, { timeout });
  } catch (error) {
    throw new Error(`expected to be at ${String(path)} but am at ${pathOf(page)}`, { cause: error });
  }
}

/**
 * The gallery's tile of the image drawn from `prompt`, the newest where there are several. A tile
 * does not write the prompt under its image; it names the image by it.
 */
export function tileOf(page, prompt) {
  const image = page.getByRole('img', { name: `Generated image: ${prompt}`, exact: true });
  return page.getByTestId('generation-card').filter({ has: image }).first();
}

/** The prompts of the images the gallery's grid shows, in order, as their names say them. */
export function shownPrompts(page) {
  return page.getByTestId('generation-card').evaluateAll((tiles) =>
    tiles.map((tile) => {
      const image = tile.querySelector('img, [role="img"]');
      const name = image?.getAttribute('alt') ?? image?.getAttribute('aria-label') ?? '';
      return name.replace(/^Generated image: /, '');
    }),
  );
}

/** The value of the row `term` names in the details in `scope` (the image viewer). */
export function detailIn(scope, term) {
  const exactly = new RegExp(`^${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return scope.locator('dl > div').filter({ has: scope.page().locator('dt', { hasText: exactly }) }).locator('dd');
}

/** The item `name` of the open 'Actions' menu in `scope` (an image's tile, or the viewer). */
export function actionItem(scope, name) {
  const menu = scope.getByRole('menu', { name: 'Actions', exact: true });
  return menu.getByRole('menuitem', { name, exact: true }).or(menu.getByRole('menuitemcheckbox', { name, exact: true }));
}

/**
 * Opens the 'Actions' menu of `scope` (an image's tile, or the viewer) and chooses `name`; the
 * click waits while the item is aria-disabled (a Premium or favourite action, until the plan is
 * known).
 */
export async function chooseAction(scope, name) {
  await scope.getByRole('button', { name: 'Actions', exact: true }).click();
  await actionItem(scope, name).click();
}

/** The nav bar's user badge: the display name, or 'Guest'. */
export function navUser(page) {
  return page.getByTestId('nav-user');
}

export async function expectNavUser(page, name) {
  await until(`nav shows '${name}'`, async () => {
    assert.equal((await navUser(page).innerText()).trim(), name);
  });
}

/** Signs `user` in through the /login page, which then goes to /generate. */
export async function logIn(page, user) {
  await page.goto(`${BASE_URL}/login`);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await at(page, '/generate');
  await expectNavUser(page, user.name);
}

/**
 * How much fine detail an <img> holds, measured on the pixels the browser decoded: drawn on a
 * canvas, the mean absolute difference between horizontal and vertical neighbours (over R, G
 * and B, 0..255) in the top three quarters of the image (the bottom holds the caption and
 * the preview watermark). Blur drives it towards zero.
 */
export async function edgeEnergy(imgLocator) {
  return imgLocator.evaluate(async (img) => {
    await img.decode();
    const width = img.naturalWidth;
    const height = Math.floor((img.naturalHeight * 3) / 4);
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    context.drawImage(img, 0, 0);
    const { data } = context.getImageData(0, 0, width, height);
    let sum = 0;
    let count = 0;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = (y * width + x) * 4;
        for (let c = 0; c < 3; c += 1) {
          if (x + 1 < width) {
            sum += Math.abs(data[i + c] - data[i + 4 + c]);
            count += 1;
          }
          if (y + 1 < height) {
            sum += Math.abs(data[i + c] - data[i + width * 4 + c]);
            count += 1;
          }
        }
      }
    }
    return { energy: sum / count, width: img.naturalWidth, height: img.naturalHeight };
  });
}

/** The same measure for PNG bytes (e.g. a downloaded file), decoded by the page. */
export async function edgeEnergyOfPng(page, bytes) {
  const handle = await page.evaluateHandle(async (base64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${base64}`;
    await img.decode();
    return img;
  }, Buffer.from(bytes).toString('base64'));
  try {
    return await edgeEnergy(handle);
  } finally {
    await handle.dispose();
  }
}

/** Records a measurement in test-results/edge-energy.json (merged with earlier ones). */
export function recordMeasurement(key, value) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = `${ARTIFACTS}edge-energy.json`;
  let all = {};
  try {
    all = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // first measurement of the run
  }
  all[key] = { ...value, at: new Date().toISOString() };
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
}

/** Width and height from a PNG's IHDR chunk, after checking the 8-byte signature. */
export function pngSize(bytes) {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.deepEqual(bytes.subarray(0, 8), signature, 'the file does not start with the PNG signature');
  assert.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR', 'the first PNG chunk is not IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
