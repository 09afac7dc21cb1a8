// The landing route's JavaScript budget (issue 14: at most 110 KB gzipped, on React). Counts what
// dist/index.html makes the browser fetch before the first paint: the entry module and every
// module it preloads. Lazy routes and the Firebase SDK are not part of it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = 110_000;
const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g),
  ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
].map((match) => match[1]);
if (!scripts.some((src) => src.endsWith('.js'))) {
  throw new Error('dist/index.html loads no script: build the app first');
}

let total = 0;
for (const src of scripts) {
  const size = gzipSync(readFileSync(join(dist, src)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1000).toFixed(1).padStart(6)} KB  ${src}`);
}
console.log(`${(total / 1000).toFixed(1).padStart(6)} KB  landing route JavaScript, gzipped (budget ${BUDGET / 1000} KB)`);
if (total > BUDGET) {
  console.error(`over budget by ${((total - BUDGET) / 1000).toFixed(1)} KB`);
  process.exit(1);
}
