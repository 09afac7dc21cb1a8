// Journey: the image viewer (issue 46, item 2). A free user makes two images; the focus is on
// the newest, Tab reaches its image and Enter opens it large, fitted to the window, in a dialog
// named for its place; Right and Left go between the two and the address follows; the Actions
// menu works by the keyboard, Escape closing the menu before the viewer; + and 0 zoom in and fit
// again; Escape closes the viewer and the focus is back on the image that opened it; the
// browser's Back closes it too, and the address opens it again. On a phone a sideways drag of
// the image moves on. axe checks the viewer, its menu and the phone's layout.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { assertAccessible } from './support/accessibility.js';
import { call } from './support/api.js';
import { BASE_URL, launch, openPage } from './support/browser.js';
import {
  actionItem,
  at,
  freeUser,
  generateInStudio,
  generateViaApi,
  gone,
  logIn,
  pathOf,
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

/** The viewer, open on image `position` of `total`. */
function viewerAt(page, position, total) {
  return page.getByRole('dialog', { name: `Image ${position} of ${total}`, exact: true });
}

/** Whether `locator` has the focus. */
function focused(locator) {
  return locator.evaluate((element) => element === document.activeElement);
}

test('a user opens an image by the keyboard, goes through the history, zooms and closes the viewer', { timeout: 120_000 }, async () => {
  const user = await freeUser(`Viewer ${Date.now().toString(36)}`);
  const page = await openPage(browser);
  await logIn(page, user);
  await visible(page.getByTestId('credits'), 'the credits');

  const tag = Date.now().toString(36);
  const first = `a red fox asleep in the snow, e2e ${tag}`;
  const second = `a grey wolf under a full moon, e2e ${tag}`;
  await generateInStudio(page, first);
  await generateInStudio(page, second);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My images', exact: true }).click();
  await at(page, '/generation');
  const list = await call('GET', '/api/v1/generations', { token: user.token });
  assert.equal(list.status, 200);
  const [newest, older] = list.body.items;
  assert.deepEqual([newest.prompt, older.prompt], [second, first], 'both images are saved, newest first');

  // The newest image comes first, and Enter on it opens it.
  const opener = page.getByRole('button', { name: `Generated image: ${second}`, exact: true });
  await visible(opener, 'the newest image');
  await opener.focus();
  assert.equal(await focused(opener), true, 'the image takes the focus');
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog');
  await visible(viewerAt(page, 1, 2), 'the viewer on the newest image');
  assert.equal(pathOf(page), `/generation?view=${newest.id}`);
  const img = (prompt) => viewer.getByRole('img', { name: `Generated image: ${prompt}`, exact: true });
  await until('the image is loaded from an object URL', async () => {
    assert.match((await img(second).getAttribute('src')) ?? '', /^blob:/);
  });
  await visible(viewer.getByText('Blurred preview', { exact: true }), "the free user's blurred preview");
  const fitted = await img(second).boundingBox();
  assert.ok(
    fitted && fitted.x >= 0 && fitted.y >= 0 && fitted.x + fitted.width <= 1440 && fitted.y + fitted.height <= 900,
    `the whole image is on screen: ${JSON.stringify(fitted)}`,
  );
  await assertAccessible(page, 'the image viewer');

  // Right and Left go through the history; the address follows.
  await page.keyboard.press('ArrowRight');
  await visible(viewerAt(page, 2, 2), 'the viewer on the older image');
  await visible(img(first), 'the older image');
  await at(page, new RegExp(`^/generation\\?view=${older.id}$`));
  await page.keyboard.press('ArrowLeft');
  await visible(viewerAt(page, 1, 2), 'the viewer on the newest image again');
  await at(page, new RegExp(`^/generation\\?view=${newest.id}$`));

  // The Actions menu by the keyboard: Escape closes the menu first, and the viewer stays.
  const actions = viewer.getByRole('button', { name: 'Actions', exact: true });
  await actions.focus();
  await page.keyboard.press('Enter');
  const menu = viewer.getByRole('menu', { name: 'Actions', exact: true });
  await visible(menu, 'the Actions menu');
  await until('the first action has the focus', async () => {
    assert.equal(await focused(actionItem(viewer, 'Favourite')), true);
  });
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(actionItem(viewer, 'Try Again')), true, 'Down moves to the next action');
  await assertAccessible(page, "the viewer's Actions menu");
  await page.keyboard.press('Escape');
  await gone(menu, 'the Actions menu');
  await visible(viewerAt(page, 1, 2), 'the viewer, still open');
  assert.equal(await focused(actions), true, 'the focus is back on Actions');

  // + draws the image at 100 %, 0 fits it again.
  await page.keyboard.press('+');
  await visible(viewer.getByRole('status').filter({ hasText: '100%' }), 'the zoom at 100%');
  const zoomed = await img(second).boundingBox();
  assert.equal(Math.round(zoomed?.width ?? 0), newest.width, `drawn at its own pixels: ${JSON.stringify(zoomed)}`);
  await page.keyboard.press('0');
  await visible(viewer.getByRole('status').filter({ hasText: 'Fit' }), 'the zoom back to fit');

  // Escape closes the viewer; the focus is back on the image that opened it.
  await page.keyboard.press('Escape');
  await gone(viewer, 'the viewer');
  assert.equal(pathOf(page), '/generation');
  await until('the focus is back on the image', async () => {
    assert.equal(await focused(opener), true);
  });

  // The browser's Back closes it too, and its address opens it again.
  await opener.click();
  await visible(viewerAt(page, 1, 2), 'the viewer, opened by a click');
  await page.goBack();
  await gone(viewer, 'the viewer after Back');
  assert.equal(pathOf(page), '/generation');
  await page.goto(`${BASE_URL}/generation?view=${older.id}`);
  await visible(viewerAt(page, 2, 2), 'the viewer opened from its address');
  await visible(img(first), 'the older image from the address');
  page.assertNoErrors();
});

test('on a phone, a sideways drag of the image moves to the next one', { timeout: 120_000 }, async () => {
  const user = await freeUser(`Swipe ${Date.now().toString(36)}`);
  const tag = Date.now().toString(36);
  const older = await generateViaApi(user, `a lighthouse at dawn, e2e ${tag}`);
  const newest = await generateViaApi(user, `a paper boat on a puddle, e2e ${tag}`, 8);
  const page = await openPage(browser, { width: 390, height: 844 });
  await logIn(page, user);
  await page.goto(`${BASE_URL}/generation?view=${newest.id}`);
  const viewer = page.getByRole('dialog');
  await visible(viewerAt(page, 1, 2), 'the viewer on the newest image');
  const img = viewer.getByRole('img', { name: `Generated image: ${newest.prompt}`, exact: true });
  await until('the image is loaded', async () => {
    assert.match((await img.getAttribute('src')) ?? '', /^blob:/);
  });
  const box = await img.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the image fits the phone's width: ${JSON.stringify(box)}`);
  await assertAccessible(page, 'the image viewer on a phone');

  // A drag shorter than the threshold stays; a longer one moves on (pointer events, as a finger's).
  const stage = await viewer.getByTestId('viewer-stage').boundingBox();
  const y = stage.y + stage.height / 2;
  const drag = async (from, to) => {
    await page.mouse.move(from, y);
    await page.mouse.down();
    await page.mouse.move(to, y, { steps: 5 });
    await page.mouse.up();
  };
  await drag(220, 190);
  assert.equal(pathOf(page), `/generation?view=${newest.id}`, 'a 30 px drag does not move');
  await drag(300, 100);
  await visible(viewerAt(page, 2, 2), 'the viewer on the older image');
  await at(page, new RegExp(`^/generation\\?view=${older.id}$`));
  await drag(100, 300);
  await visible(viewerAt(page, 1, 2), 'the viewer back on the newest image');
  page.assertNoErrors();
});
