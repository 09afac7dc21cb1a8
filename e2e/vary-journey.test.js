// Journey 3f: a free user makes an image and presses 'Vary (subtle)' on its card in the history.
// The Generate page says what the next image is made from (its thumbnail and size, the mode
// chosen), with the prompt filled in and the seed empty, and sends the source without a size or
// 2x Enhance. The variation lands on its job's card at the first image's size, its details in the
// history say it was made from the first, and the gateway's record names the first as its source.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { call } from './support/api.js';
import { launch, openPage } from './support/browser.js';
import { at, chooseAction, detailIn, freeUser, logIn, tileOf, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a user varies one of their images and the variation says where it came from', { timeout: 120_000 }, async () => {
  const user = await freeUser(`Vary ${Date.now().toString(36)}`);
  const page = await openPage(browser);
  await logIn(page, user);
  await visible(page.getByTestId('credits'), 'the credits');

  const prompt = `a lighthouse keeper in a yellow coat, e2e ${Date.now().toString(36)}`;
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const results = page.getByRole('region', { name: 'Results', exact: true });
  const landed = async (what) => {
    const img = results.getByRole('article').first().getByRole('img', { name: `Generated image: ${prompt}`, exact: true });
    await until(`${what} lands on its job's card`, async () => {
      assert.match((await img.getAttribute('src')) ?? '', /^blob:/);
    }, { timeout: 20_000 });
    return img;
  };
  await landed('the first image');
  const toHistory = async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My images', exact: true }).click();
    await at(page, '/generation');
  };
  await toHistory();
  const images = page.getByRole('region', { name: 'Your images', exact: true });
  const cards = images.getByTestId('generation-card');
  await visible(tileOf(page, prompt), 'the first image tile');

  const listed = await call('GET', '/api/v1/generations', { token: user.token });
  assert.equal(listed.status, 200);
  assert.equal(listed.body.items.length, 1, 'one image was made');
  const original = listed.body.items[0];
  assert.equal(original.prompt, prompt);
  assert.equal(original.source, null, 'the first image is drawn from the prompt alone');
  const size = `${original.width}×${original.height}`;

  await chooseAction(cards.first(), 'Vary (subtle)');
  await at(page, '/generate');
  const madeFrom = page.getByRole('group', { name: 'Made from', exact: true });
  await visible(madeFrom, "the 'Made from' block");
  assert.equal(await madeFrom.getByRole('radio', { name: 'Vary (subtle)', exact: true }).isChecked(), true, 'Vary (subtle) is chosen');
  await visible(madeFrom.getByText(`${size}, as the source`, { exact: true }), "the source's size");
  const thumbnail = madeFrom.getByRole('img', { name: `Source image: ${prompt}`, exact: true });
  await until('the source image is loaded from an object URL', async () => {
    assert.match(await thumbnail.getAttribute('src'), /^blob:/);
  });
  assert.equal(await page.getByLabel('Prompt', { exact: true }).inputValue(), prompt, 'the prompt is filled in');
  assert.equal(await page.getByLabel('Seed', { exact: true }).inputValue(), '', 'the seed is left empty for a new one');
  // The size is the source's: neither the size choice nor 2x Enhance applies.
  assert.equal(await page.getByRole('group', { name: 'Size', exact: true }).count(), 0, 'no size choice');
  assert.equal(await page.getByRole('switch', { name: '2x Enhance', exact: true }).count(), 0, 'no 2x Enhance');

  const submitted = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/jobs',
  );
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const body = (await submitted).postDataJSON();
  assert.deepEqual(body.source, { generation: original.id, mode: 'vary-subtle' }, `the body names the source: ${JSON.stringify(body)}`);
  assert.equal('size' in body, false, `the body asks for no size: ${JSON.stringify(body)}`);
  assert.equal(body.enhance, false, 'nor 2x Enhance');

  // On its job's card: the source's size.
  const onCard = await landed('the variation');
  const drawn = await onCard.evaluate(async (element) => {
    await element.decode();
    return { width: element.naturalWidth, height: element.naturalHeight };
  });
  assert.deepEqual(drawn, { width: original.width, height: original.height }, 'the variation on its card has the source size');

  await toHistory();
  // Newest first: the variation, then the image it was made from.
  await until('both images are listed', async () => {
    assert.equal(await cards.count(), 2);
  });
  const variation = cards.first();
  const img = variation.getByRole('img', { name: `Generated image: ${prompt}`, exact: true });
  const natural = await until('the variation is loaded', async () => {
    assert.match(await img.getAttribute('src'), /^blob:/);
    return img.evaluate(async (element) => {
      await element.decode();
      return { width: element.naturalWidth, height: element.naturalHeight };
    });
  });
  assert.deepEqual(natural, { width: original.width, height: original.height }, 'the browser received an image of the source size');

  await variation.getByRole('button', { name: `Generated image: ${prompt}`, exact: true }).click();
  const viewer = page.getByRole('dialog', { name: 'Image 1 of 2', exact: true });
  const source = detailIn(viewer, 'Made from');
  await visible(source, "'Made from' in the details");
  assert.equal(await source.innerText(), `Vary (subtle) of image ${original.id}`);
  assert.match(await detailIn(viewer, 'Size').innerText(), new RegExp(`${size}$`), `the variation's size ${size}`);

  // The gateway's record says the same.
  const saved = await call('GET', '/api/v1/generations', { token: user.token });
  assert.equal(saved.status, 200);
  assert.equal(saved.body.items.length, 2, 'two images are saved');
  const made = saved.body.items[0];
  assert.notEqual(made.id, original.id);
  assert.equal(made.source?.generation, original.id, `the variation's source is the first image: ${JSON.stringify(made)}`);
  assert.equal(made.source?.mode, 'vary-subtle');
  assert.deepEqual([made.width, made.height, made.enhance], [original.width, original.height, false], 'it has the source size');
  page.assertNoErrors();
});
