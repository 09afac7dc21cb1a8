// Journey: the library (issue 46, item 3). A free user with three images finds them in one row
// under 'Today'; typing words of a prompt narrows them, and the words stay in the address, so a
// reload keeps the search and Back leaves the page rather than undoing it; words that match
// nothing say so, and 'Clear filters' shows every image again. In select mode two images are
// chosen and deleted after one question. On a phone, a pro user's job of two images is one group
// under its prompt, said once, in compact columns. axe checks each state.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { assertAccessible } from './support/accessibility.js';
import { call } from './support/api.js';
import { BASE_URL, launch, openPage } from './support/browser.js';
import {
  at,
  freeUser,
  generateViaApi,
  JOURNEY,
  logIn,
  pathOf,
  shownPrompts,
  subscribeViaApi,
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

/** The boxes of the tiles of `prompts`, as laid out. */
function boxesOf(page, prompts) {
  return Promise.all(prompts.map((prompt) => tileOf(page, prompt).boundingBox()));
}

test('a user searches their images, keeps the search over a reload, clears it, and deletes two at once', JOURNEY, async () => {
  const tag = Date.now().toString(36);
  const user = await freeUser(`Library ${tag}`);
  const fox = `a red fox asleep in the snow, library ${tag}`;
  const wolf = `a grey wolf under a full moon, library ${tag}`;
  const owl = `a barn owl at dusk, library ${tag}`;
  for (const [index, prompt] of [fox, wolf, owl].entries()) await generateViaApi(user, prompt, 20 + index);

  const page = await openPage(browser);
  await logIn(page, user);
  await page.goto(`${BASE_URL}/generation`);
  await until('the three images are listed, newest first', async () => {
    assert.deepEqual(await shownPrompts(page), [owl, wolf, fox]);
  });

  // One day, one row: the grid has room for several images side by side at 1440 px.
  const today = page.getByRole('region', { name: 'Today', exact: true });
  await visible(today.getByRole('heading', { name: 'Today', level: 3, exact: true }), "the 'Today' heading");
  const row = await boxesOf(page, [owl, wolf, fox]);
  assert.ok(
    row.every((box) => box && box.y === row[0]?.y && box.width < 1440 / 5),
    `the three images side by side, each under a fifth of the width: ${JSON.stringify(row)}`,
  );
  assert.equal(await today.getByText(owl, { exact: true }).count(), 0, 'no prompt written under an image made alone');
  await assertAccessible(page, 'the library');

  // Words typed narrow the images once typing rests, and go in the address.
  const words = page.getByRole('searchbox', { name: 'Words of the prompt', exact: true });
  await words.fill('fox');
  await until('only the fox is shown', async () => {
    assert.deepEqual(await shownPrompts(page), [fox]);
  });
  await until('the search is in the address', async () => {
    assert.equal(new URL(page.url()).searchParams.get('q'), 'fox');
  });

  // A reload keeps it; the search replaced the entry, so Back leaves the page.
  await page.reload();
  await until('the fox alone after a reload', async () => {
    assert.deepEqual(await shownPrompts(page), [fox]);
  });
  assert.equal(await words.inputValue(), 'fox', 'the words are back in their field');
  await page.goBack();
  await at(page, '/generate');
  await page.goForward();
  await until('the search again, forward', async () => {
    assert.deepEqual(await shownPrompts(page), [fox]);
  });

  // Words that match nothing say so; 'Clear filters' takes them out of the address.
  await words.fill('zebra');
  await visible(page.getByText('No images match these filters.', { exact: true }), 'the empty state of the filters');
  await assertAccessible(page, 'the library with no image matching');
  await page.getByRole('button', { name: 'Clear filters', exact: true }).click();
  await until('every image again, the address clean', async () => {
    assert.deepEqual(await shownPrompts(page), [owl, wolf, fox]);
    assert.equal(pathOf(page), '/generation');
  });
  assert.equal(await words.inputValue(), '', 'the words are cleared');

  // Select mode: two chosen, deleted after one question.
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  for (const prompt of [fox, owl]) {
    const choice = page.getByRole('checkbox', { name: `Generated image: ${prompt}`, exact: true });
    await choice.click();
    assert.equal(await choice.getAttribute('aria-checked'), 'true', `'${prompt}' is chosen`);
  }
  const bar = page.getByRole('group', { name: 'Selected images', exact: true });
  await visible(bar.getByText('2 selected', { exact: true }), "'2 selected'");
  await assertAccessible(page, 'the library in select mode');
  await bar.getByRole('button', { name: 'Delete…', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 images?', exact: true });
  await visible(confirm, 'the one question before deleting');
  await assertAccessible(page, 'the question before deleting two images');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await until('only the wolf is left', async () => {
    assert.deepEqual(await shownPrompts(page), [wolf]);
  });
  await visible(page.getByRole('button', { name: 'Select', exact: true }), 'select mode left after the delete');
  const list = await call('GET', '/api/v1/generations', { token: user.token });
  assert.equal(list.status, 200);
  assert.deepEqual(
    list.body.items.map((item) => item.prompt),
    [wolf],
    'the gateway keeps only the image that was not chosen',
  );
  page.assertNoErrors();
});

test("on a phone, a job's two images are one group under their prompt, in compact columns", JOURNEY, async () => {
  const tag = Date.now().toString(36);
  const user = await freeUser(`Batch ${tag}`);
  await subscribeViaApi(user);
  const pair = `two paper boats on a pond, library ${tag}`;
  const made = await call('POST', '/api/v1/generations', { token: user.token, json: { prompt: pair, seed: 5, count: 2 } });
  assert.equal(made.status, 201, `POST /api/v1/generations: ${JSON.stringify(made.body)}`);
  assert.equal(made.body.generations.length, 2, 'one job made two images');
  const single = `a lighthouse at dawn, library ${tag}`;
  await generateViaApi(user, single);

  const page = await openPage(browser, { width: 390, height: 844 });
  await logIn(page, user);
  await page.goto(`${BASE_URL}/generation`);
  const group = page.getByRole('list', { name: pair, exact: true });
  await visible(group, "the job's images under their prompt");
  assert.equal(await group.getByTestId('generation-card').count(), 2, 'both images of the job in its group');
  assert.equal(await page.getByText(pair, { exact: true }).count(), 1, 'the prompt said once');
  for (const place of [1, 2]) {
    await visible(
      group.getByRole('button', { name: `Generated image: ${pair} (${place} of 2)`, exact: true }),
      `image ${place} of the job, named by its place`,
    );
  }

  const tiles = await group.getByTestId('generation-card').evaluateAll((all) =>
    all.map((tile) => {
      const box = tile.getBoundingClientRect();
      return { y: box.y, width: box.width };
    }),
  );
  assert.ok(
    tiles.every((box) => box.y === tiles[0]?.y && box.width < 390 / 2),
    `the two side by side, in columns of two or three: ${JSON.stringify(tiles)}`,
  );
  await assertAccessible(page, 'the library on a phone');
  page.assertNoErrors();
});
