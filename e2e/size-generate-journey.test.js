// Journey 3c: a free user picks the Portrait size and gets a portrait image. The form sends
// the size; with '2x Enhance' on (the default) the gateway doubles both sides of 512x768, so the
// size choice names 1024x1536, the size the browser then receives and shows upright, on the job's
// card and in the history. Guidance 4.5 and the Euler a sampler, picked under the prompt, go with
// it; the history's 'Use these settings' brings all three back to the form.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { call } from './support/api.js';
import { launch, openPage } from './support/browser.js';
import { at, chooseAction, detailIn, freeUser, gone, JOURNEY, logIn, tileOf, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a user who picks Portrait gets a 1024x1536 image, shown upright on its card and in the history', JOURNEY, async () => {
  const user = await freeUser(`Portrait ${Date.now().toString(36)}`);
  const page = await openPage(browser);
  await logIn(page, user);
  const credits = page.getByTestId('credits');
  await until('10 free credits are shown', async () => {
    assert.match(await credits.innerText(), /^10 of 10 credits left/);
  });

  const prompt = `a lighthouse keeper in a yellow coat, e2e ${Date.now().toString(36)}`;
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);

  // The built-in catalog's sizes, the first (Square) chosen; '2x Enhance' is on, so each names
  // the size made: twice the size drawn.
  const sizes = page.getByRole('group', { name: 'Size', exact: true });
  await visible(sizes, 'the size choice');
  const square = sizes.getByRole('radio', { name: 'Square · 1024×1024', exact: true });
  const portrait = sizes.getByRole('radio', { name: 'Portrait 2:3 · 1024×1536', exact: true });
  await visible(sizes.getByRole('radio', { name: 'Landscape 3:2 · 1536×1024', exact: true }), 'the Landscape size');
  assert.equal(await square.isChecked(), true, 'Square is chosen by default');
  assert.equal(await page.getByRole('switch', { name: '2x Enhance', exact: true }).isChecked(), true, '2x Enhance is on');

  await portrait.check();
  assert.equal(await portrait.isChecked(), true, 'Portrait is chosen');
  assert.equal(await square.isChecked(), false, 'Square is no longer chosen');
  await visible(
    sizes.getByText('2x Enhance is on: each image is made at 512×768 and enhanced to 1024×1536.', { exact: true }),
    'what 2x Enhance makes of the size',
  );

  // Under the prompt: the style's guidance scale (7 built in) and the first sampler until picked.
  const guidance = page.getByLabel('Guidance (CFG)', { exact: true });
  const sampler = page.getByLabel('Sampler', { exact: true });
  await visible(guidance, 'the guidance field');
  assert.equal(await guidance.inputValue(), '7', "the style's guidance scale is shown");
  assert.equal(await sampler.inputValue(), 'dpmpp-2m', 'DPM++ 2M is chosen by default');
  await guidance.fill('4.5');
  await sampler.selectOption({ label: 'Euler a' });

  const submitted = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/jobs',
  );
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const body = (await submitted).postDataJSON();
  assert.equal(body.size, 'portrait', `the body asks for the portrait size: ${JSON.stringify(body)}`);
  assert.equal(body.enhance, true, 'with 2x Enhance');
  assert.equal(body.cfg, 4.5, `the body asks for guidance 4.5: ${JSON.stringify(body)}`);
  assert.equal(body.sampler, 'euler-a', `the body asks for the Euler a sampler: ${JSON.stringify(body)}`);

  // The pixels the browser decoded, and the box it shows them in: upright, 2:3, not a square
  // crop, on the job's card and in the history alike.
  const upright = async (img, where) => {
    await until(`the image is loaded from an object URL, ${where}`, async () => {
      assert.match((await img.getAttribute('src')) ?? '', /^blob:/);
    }, { timeout: 20_000 });
    const natural = await img.evaluate(async (element) => {
      await element.decode();
      return { width: element.naturalWidth, height: element.naturalHeight };
    });
    assert.deepEqual(natural, { width: 1024, height: 1536 }, `the image the browser received is 1024x1536, ${where}`);
    const box = await img.boundingBox();
    assert.ok(box && box.width > 0, `the image is laid out, ${where}`);
    assert.ok(Math.abs(box.height / box.width - 1.5) < 0.02, `the image is shown at 2:3, ${where}: ${JSON.stringify(box)}`);
  };
  const jobCard = page.getByRole('region', { name: 'Results', exact: true }).getByRole('article', { name: prompt, exact: true });
  await upright(jobCard.getByRole('img', { name: `Generated image: ${prompt}`, exact: true }), "on the job's card");

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My images', exact: true }).click();
  await at(page, '/generation');
  const card = tileOf(page, prompt);
  await visible(card, 'the new image tile');

  // In the viewer at 100 %: upright, 2:3; its details name the size, guidance and sampler.
  await card.getByRole('button', { name: `Generated image: ${prompt}`, exact: true }).click();
  const viewer = page.getByRole('dialog', { name: 'Image 1 of 1', exact: true });
  await visible(viewer, 'the viewer');
  await page.keyboard.press('+');
  await visible(viewer.getByRole('status').filter({ hasText: '100%' }), 'the zoom at 100%');
  const box = await viewer.getByRole('img', { name: `Generated image: ${prompt}`, exact: true }).boundingBox();
  assert.ok(box && box.width > 0, 'the image is laid out');
  assert.ok(Math.abs(box.height / box.width - 1.5) < 0.02, `the image is shown at 2:3: ${JSON.stringify(box)}`);
  assert.equal(await detailIn(viewer, 'Size').innerText(), 'Portrait 2:3 · 1024×1536');
  assert.equal(await detailIn(viewer, 'Guidance (CFG)').innerText(), '4.5');
  assert.equal(await detailIn(viewer, 'Sampler').innerText(), 'Euler a');
  await page.keyboard.press('Escape');
  await gone(viewer, 'the viewer');

  // The gateway's record says the same.
  const list = await call('GET', '/api/v1/generations', { token: user.token });
  assert.equal(list.status, 200);
  const made = list.body.items.filter((item) => item.prompt === prompt);
  assert.equal(made.length, 1, 'one image was made');
  assert.deepEqual([made[0].width, made[0].height, made[0].enhance], [1024, 1536, true], 'the saved image is 1024x1536');
  assert.deepEqual([made[0].size, made[0].cfg, made[0].sampler], ['portrait', 4.5, 'euler-a'], 'it keeps what it was asked');

  // 'Use these settings' brings the size back with the rest of the image's parameters.
  await chooseAction(card, 'Use these settings');
  await at(page, '/generate');
  assert.equal(await page.getByLabel('Prompt', { exact: true }).inputValue(), prompt);
  await until('Portrait is chosen again', async () => {
    assert.equal(await portrait.isChecked(), true);
  });
  assert.equal(await guidance.inputValue(), '4.5', 'guidance 4.5 comes back');
  assert.equal(await sampler.inputValue(), 'euler-a', 'Euler a comes back');
  page.assertNoErrors();
});
