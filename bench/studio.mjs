// The speed a user feels in the studio (issue 46, item 8), against a running local stack:
// from the press on Generate to the job's card in the page, and from the job's end arriving in
// the page (the event stream's `done`) to its image decoded on the card. Real Chromium, a
// Premium user, one job at a time; prints the median and the 90th percentile of RUNS jobs.
//
//   node bench/studio.mjs            (E2E_BASE_URL, default http://127.0.0.1:8080; RUNS=15)
//
// Not a test: the figures go in BENCHMARKS.md, no assertion holds a time.
import { launch, openPage } from '../e2e/support/browser.js';
import { freeUser, logIn, subscribeViaApi, visible } from '../e2e/support/journey.js';

const RUNS = Number(process.env.RUNS ?? 15);

// In the page before any script of the app: the times, stamped where they happen.
function stampInPage() {
  window.__bench = { clickAt: null, cardAt: null, doneAt: null, imageAt: null };
  document.addEventListener(
    'click',
    (event) => {
      if (event.target.closest('button')?.textContent?.trim() === 'Generate') window.__bench.clickAt = performance.now();
    },
    { capture: true },
  );
  // The job's end: the first chunk of an event stream that carries `event: done`.
  const fetch = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const response = await fetch(...args);
    if (!String(args[0]?.url ?? args[0]).endsWith('/events') || !response.body) return response;
    const decoder = new TextDecoder();
    const seen = new TransformStream({
      transform(chunk, controller) {
        if (window.__bench.doneAt === null && decoder.decode(chunk, { stream: true }).includes('event: done')) {
          window.__bench.doneAt = performance.now();
        }
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(seen), response);
  };
  new MutationObserver(() => {
    const bench = window.__bench;
    if (bench.clickAt !== null && bench.cardAt === null && document.querySelector('[data-testid="job-card"]')) {
      bench.cardAt = performance.now();
    }
    const img = document.querySelector('[data-testid="job-card"] img[src^="blob:"]');
    if (bench.doneAt !== null && bench.imageAt === null && img) {
      img.decode().then(() => {
        bench.imageAt ??= performance.now();
      });
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['src'] });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const browser = await launch();
const user = await freeUser(`Bench ${Date.now().toString(36)}`);
await subscribeViaApi(user);
const toCard = [];
const toImage = [];
for (let run = 0; run < RUNS; run++) {
  const page = await openPage(browser, { width: 1440, height: 900 });
  await page.addInitScript(stampInPage);
  await logIn(page, user);
  const prompt = `a lighthouse at dusk, bench ${run} ${Date.now().toString(36)}`;
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await visible(page.locator('[data-testid="job-card"] img[src^="blob:"]').first(), 'the image on its card');
  await page.waitForFunction(() => window.__bench.imageAt !== null);
  const bench = await page.evaluate(() => window.__bench);
  toCard.push(bench.cardAt - bench.clickAt);
  toImage.push(bench.imageAt - bench.doneAt);
  await page.close();
}
await browser.close();
const line = (name, values) =>
  `${name}: median ${percentile(values, 50).toFixed(1)} ms, p90 ${percentile(values, 90).toFixed(1)} ms (${values.length} jobs)`;
console.log(line('click to the job card', toCard));
console.log(line("the job's end to its image decoded on the card", toImage));
process.exit(0);
