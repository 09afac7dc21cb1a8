// Journey 7a: a free user with one image exports their data from the profile page. The browser
// saves the gateway's ZIP under its own name (lucent-export-YYYY-MM-DD.zip), and the archive
// holds profile.json, generations.json (listing the image with its seed) and the image itself.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { assertAccessible } from './support/accessibility.js';
import { ARTIFACTS, BASE_URL, launch, openPage } from './support/browser.js';
import { freeUser, generateViaApi, JOURNEY, logIn, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/**
 * The files of a ZIP by name, read through its central directory (the gateway streams the
 * archive, so only the directory has every size). Its files are stored, not compressed.
 */
function filesOf(zip) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, 'the file ends with a ZIP end-of-central-directory record');
  const count = zip.readUInt16LE(end + 10);
  const files = new Map();
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i += 1) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, `central directory entry ${i}`);
    assert.equal(zip.readUInt16LE(at + 10), 0, 'every file is stored');
    const size = zip.readUInt32LE(at + 20);
    const name = zip.subarray(at + 46, at + 46 + zip.readUInt16LE(at + 28)).toString('utf8');
    const local = zip.readUInt32LE(at + 42);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    files.set(name, zip.subarray(data, data + size));
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

test('a user exports their data from the profile page as a ZIP of the profile, the settings and the image', JOURNEY, async () => {
  const user = await freeUser(`Export Tester ${Date.now().toString(36)}`);
  const prompt = `a tide pool at noon, export ${Date.now().toString(36)}`;
  const made = await generateViaApi(user, prompt, 21);

  const page = await openPage(browser);
  await logIn(page, user);
  await page.goto(`${BASE_URL}/profile`);
  const data = page.getByRole('region', { name: 'Your data', exact: true });
  await visible(data, "the profile's 'Your data'");
  await assertAccessible(page, "the profile with 'Your data'");

  const downloading = page.waitForEvent('download');
  await data.getByRole('button', { name: 'Export my data', exact: true }).click();
  const download = await downloading;
  const filename = download.suggestedFilename();
  assert.match(filename, /^lucent-export-\d{4}-\d{2}-\d{2}\.zip$/, 'the name the gateway gives');
  const saved = `${ARTIFACTS}${user.uid}-${filename}`;
  await download.saveAs(saved);
  assert.equal(await download.failure(), null, 'the download completed');
  await until('the page says where the export went', async () => {
    assert.equal((await data.getByRole('status').innerText()).trim(), `Saved as ${filename}.`);
  });

  const files = filesOf(readFileSync(saved));
  assert.deepEqual([...files.keys()], ['profile.json', 'generations.json', `images/${made.id}.png`]);
  const profile = JSON.parse(files.get('profile.json').toString('utf8'));
  assert.equal(profile.plan, 'free');
  const generations = JSON.parse(files.get('generations.json').toString('utf8'));
  assert.deepEqual(
    generations.map((generation) => [generation.id, generation.prompt, generation.seed, generation.file]),
    [[made.id, prompt, 21, `images/${made.id}.png`]],
    'generations.json lists the image with its settings and its file',
  );
  const png = files.get(`images/${made.id}.png`);
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG', 'the image is a PNG');
  page.assertNoErrors();
});
