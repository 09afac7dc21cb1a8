// Journey 3d: a free user makes two images, marks the second a favourite and finds each again.
// Right after making them, the gallery lists both from the gateway's history, where the filters
// apply; after a reload the star is still on; 'Favourites only' shows the favourite alone and
// unticking it shows both; words of the first prompt, typed, find the first alone. The first
// image's details, in the viewer, show the seed the gateway recorded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { call } from './support/api.js';
import { launch, openPage } from './support/browser.js';
import { actionItem, at, detailIn, freeUser, generateInStudio, logIn, shownPrompts, tileOf, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a user marks a favourite, filters by it and by words of the prompt, and reads an image’s seed', { timeout: 120_000 }, async () => {
  const user = await freeUser(`Favourite ${Date.now().toString(36)}`);
  const page = await openPage(browser);
  await logIn(page, user);
  await visible(page.getByTestId('credits'), 'the credits');

  const tag = Date.now().toString(36);
  const first = `a lighthouse keeper in a yellow coat, e2e ${tag}`;
  const second = `a fox asleep in the snow, e2e ${tag}`;
  await generateInStudio(page, first);
  await generateInStudio(page, second);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My images', exact: true }).click();
  await at(page, '/generation');

  // Just made: both are listed, newest first, the filters over them.
  const saved = page.getByRole('region', { name: 'Your images', exact: true });
  const shown = () => shownPrompts(page);
  await until('both images are saved', async () => {
    assert.deepEqual(await shown(), [second, first]);
  });

  // The star is the first item of the image's Actions menu.
  const secondCard = tileOf(page, second);
  const isFavourite = async () => {
    await secondCard.getByRole('button', { name: 'Actions', exact: true }).click();
    const checked = await actionItem(secondCard, 'Favourite').getAttribute('aria-checked');
    await page.keyboard.press('Escape');
    return checked === 'true';
  };
  assert.equal(await isFavourite(), false, 'not a favourite yet');
  await secondCard.getByRole('button', { name: 'Actions', exact: true }).click();
  await actionItem(secondCard, 'Favourite').click();
  await until('the second image is a favourite', async () => {
    assert.equal(await isFavourite(), true);
    const list = await call('GET', '/api/v1/generations', { token: user.token });
    assert.deepEqual(
      list.body.items.map((item) => [item.prompt, item.favorite]),
      [[second, true], [first, false]],
    );
  });

  // A reload asks the gateway again: the star stays on.
  await page.reload();
  await until('the favourite is still marked after a reload', async () => {
    assert.deepEqual(await shown(), [second, first]);
    assert.equal(await isFavourite(), true);
  });
  assert.equal(await page.getByText('No saved images yet.').count(), 0);

  const onlyFavourites = saved.getByRole('checkbox', { name: 'Favourites only', exact: true });
  await onlyFavourites.check();
  await until('only the favourite is shown', async () => {
    assert.deepEqual(await shown(), [second]);
  });
  await onlyFavourites.uncheck();
  await until('both are shown again', async () => {
    assert.deepEqual(await shown(), [second, first]);
  });

  // Typing searches once it rests: no button to press.
  await saved.getByRole('searchbox', { name: 'Words of the prompt', exact: true }).fill('lighthouse');
  await until('only the first image is shown', async () => {
    assert.deepEqual(await shown(), [first]);
  });

  // Its details show the seed the gateway recorded.
  const list = await call('GET', '/api/v1/generations', { token: user.token });
  assert.equal(list.status, 200);
  const made = list.body.items.find((item) => item.prompt === first);
  assert.ok(made, 'the first image is saved');
  await tileOf(page, first).getByRole('button', { name: `Generated image: ${first}`, exact: true }).click();
  const viewer = page.getByRole('dialog', { name: 'Image 1 of 1', exact: true });
  const seed = detailIn(viewer, 'Seed');
  await visible(seed, 'the seed in the details');
  assert.equal(await seed.innerText(), String(made.seed), 'the seed shown is the one the gateway recorded');
  assert.equal(await detailIn(viewer, 'Prompt').innerText(), first);
  page.assertNoErrors();
});
