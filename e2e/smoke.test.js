// The app loads in a real browser from the gateway and renders its shell.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, openPage, screenshot } from './support/browser.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('the landing page renders the app with a guest in the nav', async () => {
  const page = await openPage(browser);

  await page.goto(`${BASE_URL}/`);

  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  assert.match(await heading.innerText(), /Lucent/);
  await page.getByText('Guest', { exact: true }).first().waitFor();
  await screenshot(page, 'landing-1440');
  page.assertNoErrors();
});

test('an unknown path is served the app, which redirects to the landing page', async () => {
  const page = await openPage(browser, { width: 375, height: 800 });

  const response = await page.goto(`${BASE_URL}/some/unknown/page`);

  assert.equal(response.status(), 200);
  await page.waitForURL(`${BASE_URL}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await screenshot(page, 'landing-375');
  page.assertNoErrors();
});

test('the gateway answers the API under the same origin', async () => {
  const page = await openPage(browser);
  await page.goto(`${BASE_URL}/`);

  const result = await page.evaluate(async () => {
    const r = await fetch('/api/nope');
    return { status: r.status, body: await r.json() };
  });

  assert.equal(result.status, 404);
  assert.equal(result.body.error.code, 'not_found');
});
