// Debian's Chromium driven by playwright-core: never a downloaded browser. The flags keep
// Chromium from reaching for Google's services, which this machine's closed network refuses.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';
export const ARTIFACTS = new URL('../../test-results/', import.meta.url).pathname;

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page at `width`; `assertNoErrors` fails on any uncaught page error or blocked request. */
export async function openPage(browser, { width = 1440, height = 900 } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  // The gateway's Content-Security-Policy: anything it refuses is a bug in the page or the policy.
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) errors.push(message.text());
  });
  page.assertNoErrors = () => {
    if (errors.length) throw new Error(`page errors: ${errors.map(String).join('; ')}`);
  };
  return page;
}

export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
}
