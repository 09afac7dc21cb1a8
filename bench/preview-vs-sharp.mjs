// The non-pro preview in Rust against sharp (libvips) doing the same job on the same images in
// the same run: decode the PNG, shrink to 24 px on the long side and stretch back (a blur no
// one can undo), encode a PNG at the fastest zlib level. Prints milliseconds and the ratio.
//   cd bench && npm ci && node preview-vs-sharp.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const root = new URL('..', import.meta.url).pathname;
const files = [512, 1024].map((side) => `${root}target/bench-images/original-${side}.png`);
const iterations = Number(process.env.ITERATIONS ?? 30);

sharp.concurrency(1); // one image at a time, as the gateway makes each preview
execFileSync('cargo', ['build', '--release', '--example', 'preview_timing'], { cwd: root, stdio: 'inherit' });
const rust = Object.fromEntries(
  execFileSync(`${root}target/release/examples/preview_timing`, files, { env: { ...process.env, ITERATIONS: String(iterations) } })
    .toString()
    .trim()
    .split('\n')
    .map((line) => line.split(' '))
    .map(([file, ms]) => [file, Number(ms)]),
);

async function sharpPreview(input) {
  const { width, height } = await sharp(input).metadata();
  const scale = 24 / Math.max(width, height);
  const small = await sharp(input)
    .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(small.data, { raw: small.info })
    .resize(width, height, { kernel: 'linear' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

for (const file of files) {
  const input = readFileSync(file);
  await sharpPreview(input);
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) await sharpPreview(input);
  const sharpMs = (performance.now() - started) / iterations;
  const ratio = sharpMs / rust[file];
  console.log(`${file.split('/').pop()}: rust ${rust[file].toFixed(2)} ms, sharp ${sharpMs.toFixed(2)} ms, rust is ${ratio.toFixed(2)}x faster`);
}
