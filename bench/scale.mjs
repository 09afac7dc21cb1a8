// Scale-out benchmarks: real `lucent serve` and `lucent worker` processes on a local
// redis-server, against a local server speaking A1111's wire format that takes a fixed time per
// image. Loopback only; prints the figures BENCHMARKS.md records.
//
//   node bench/scale.mjs throughput   images/s with 1, 2, 4 and 8 workers, 200 ms per image
//   node bench/scale.mjs overhead     submit → backend call with idle workers, memory vs Redis
//   node bench/scale.mjs tiers        pro and free waits under saturation, 70 % pro / 30 % free
//   node bench/scale.mjs listeners    10,000 event streams on one gateway: memory, Redis ops/s
//
// LUCENT_BIN (default target/release/lucent) is the binary; bench/scale.sh builds it.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { deflateSync, crc32 } from 'node:zlib';

const BIN = process.env.LUCENT_BIN ?? 'target/release/lucent';
const PROJECT = 'demo-lucent';
const children = [];
const now = () => performance.timeOrigin + performance.now();

process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

/** A w×h RGB PNG of noise: what the backend answers, decoded and checked by the worker. */
function png(w, h) {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let i = 0; i < rows.length; i++) rows[i] = i % (w * 3 + 1) === 0 ? 0 : (i * 7919) & 255;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A1111's txt2img, progress and interrupt; every image takes `ms`. Records arrivals by prompt. */
async function fakeA1111(ms) {
  const answer = JSON.stringify({
    images: [png(64, 64).toString('base64')],
    parameters: {},
    info: JSON.stringify({ seed: 1, all_seeds: [1], sd_model_name: 'bench' }),
  });
  const arrivals = new Map();
  let done = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.url.startsWith('/sdapi/v1/txt2img')) {
        // The gateway appends the style's text after a comma: the first part is ours.
        arrivals.set(JSON.parse(body).prompt.split(',')[0], now());
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
          done.push(now());
        }, ms);
      } else if (req.url.startsWith('/sdapi/v1/progress')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ progress: 0.5, eta_relative: ms / 2000, state: {} }));
      } else {
        res.writeHead(200).end('{}');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    arrivals,
    /** Images answered since the last call. */
    take() {
      const d = done;
      done = [];
      return d;
    },
  };
}

async function freePort() {
  const s = http.createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const port = s.address().port;
  s.close();
  return port;
}

async function startRedis(dir) {
  const port = await freePort();
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  children.push(redis);
  for (let i = 0; i < 100; i++) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping']).stdout?.toString().includes('PONG')) return `redis://127.0.0.1:${port}`;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not start');
}

const common = (data) => [
  '--addr', '127.0.0.1:0', '--auth-emulator-host', '127.0.0.1:9', '--project-id', PROJECT,
  '--data-dir', data, '--rate-limits', 'off', '--queue-limit', '10000',
  '--free-daily', '100000000', '--pro-monthly', '100000000', '--metrics-token', 'bench-metrics-token',
];

/** `lucent <command>` once it printed its address. */
async function lucent(command, data, args) {
  const child = spawn(BIN, [command, ...common(data), ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { PATH: process.env.PATH, RUST_LOG: 'warn' },
  });
  children.push(child);
  const [line] = await once(createInterface({ input: child.stdout }), 'line');
  return { child, base: line.match(/http:\/\/\S+/)[0] };
}

const b64 = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');
function token(uid) {
  const t = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({
    iss: `https://securetoken.google.com/${PROJECT}`, aud: PROJECT, auth_time: t - 10, user_id: uid,
    sub: uid, iat: t - 10, exp: t + 3600, email: `${uid}@example.com`, email_verified: false,
    firebase: { identities: {}, sign_in_provider: 'password' },
  })}.`;
}

async function register(base, uid) {
  const res = await fetch(`${base}/api/v1/me`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token(uid)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username: uid, ageConfirmed: true }),
  });
  if (res.status !== 200) throw new Error(`register ${uid}: ${res.status}`);
  return token(uid);
}

function makePro(data, uid) {
  const r = spawnSync(BIN, ['users', '--data-dir', data, 'set-plan', uid, 'pro', '--reason', 'bench'], { env: { PATH: process.env.PATH } });
  if (r.status !== 0) throw new Error(`set-plan ${uid}: ${r.stderr}`);
}

/** One image through `POST /api/v1/generations`, which returns once it is stored. */
async function generate(base, tok, prompt) {
  const res = await fetch(`${base}/api/v1/generations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt }),
  });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`generate: ${res.status}`);
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x) => `${x.toFixed(2)} ms`;

/** A deployment: Redis, one gateway (`--generator none`) and `workers` workers of one slot. */
async function deployment(backend, workers) {
  const data = mkdtempSync(join(tmpdir(), 'lucent-bench-'));
  const redis = await startRedis(data);
  const gateway = await lucent('serve', data, ['--redis-url', redis, '--generator', 'none']);
  for (let i = 0; i < workers; i++) {
    await lucent('worker', data, ['--redis-url', redis, '--generator', `a1111+${backend.url}`]);
  }
  return { data, base: gateway.base };
}

async function stop(d) {
  children.splice(0).forEach((c) => c.kill('SIGKILL'));
  await new Promise((r) => setTimeout(r, 200));
  rmSync(d.data, { recursive: true, force: true });
}

async function throughput() {
  const IMAGE_MS = 200;
  const WARMUP = 3000;
  const WINDOW = 20000;
  console.log(`== throughput: ${IMAGE_MS} ms per image, one slot per worker, ${WINDOW / 1000} s after ${WARMUP / 1000} s of warm-up`);
  console.log('| workers | images/s | ideal | ratio |');
  console.log('|---|---|---|---|');
  for (const workers of [1, 2, 4, 8]) {
    const backend = await fakeA1111(IMAGE_MS);
    const d = await deployment(backend, workers);
    // Enough users (one job each in flight) to keep every worker busy and the line non-empty.
    const users = await Promise.all(Array.from({ length: workers * 3 + 4 }, (_, i) => register(d.base, `u${i}`)));
    let running = true;
    let n = 0;
    const loops = users.map(async (tok) => {
      while (running) await generate(d.base, tok, `t${n++}`);
    });
    await new Promise((r) => setTimeout(r, WARMUP));
    backend.take();
    const start = now();
    await new Promise((r) => setTimeout(r, WINDOW));
    const images = backend.take().length;
    const rate = images / ((now() - start) / 1000);
    running = false;
    await Promise.allSettled(loops);
    const ideal = (workers * 1000) / IMAGE_MS;
    console.log(`| ${workers} | ${rate.toFixed(1)} | ${ideal} | ${(rate / ideal).toFixed(3)} |`);
    await stop(d);
  }
}

async function overhead() {
  const N = 300;
  console.log(`== queue overhead: client sends POST /api/v1/generations → the backend receives it; idle workers, ${N} images one after another, 0 ms backend`);
  console.log('| board | p50 | p99 | max |');
  console.log('|---|---|---|---|');
  for (const board of ['memory', 'redis']) {
    const backend = await fakeA1111(0);
    const d = board === 'redis'
      ? await deployment(backend, 1)
      : { data: mkdtempSync(join(tmpdir(), 'lucent-bench-')) };
    if (board === 'memory') {
      d.base = (await lucent('serve', d.data, ['--generator', `a1111+${backend.url}`])).base;
    }
    const tok = await register(d.base, 'solo');
    const lags = [];
    for (let i = 0; i < N + 20; i++) {
      const prompt = `o${i}`;
      const sent = now();
      await generate(d.base, tok, prompt);
      if (i >= 20) lags.push(backend.arrivals.get(prompt) - sent);
    }
    console.log(`| ${board} | ${ms(pct(lags, 50))} | ${ms(pct(lags, 99))} | ${ms(Math.max(...lags))} |`);
    await stop(d);
  }
}

async function tiers() {
  const IMAGE_MS = 200;
  const WORKERS = 4;
  const LOAD = 1.1;
  const SECONDS = 40;
  const capacity = (WORKERS * 1000) / IMAGE_MS;
  const rate = capacity * LOAD;
  console.log(`== waits by tier: ${WORKERS} workers × ${IMAGE_MS} ms (${capacity} images/s), arrivals ${rate.toFixed(0)}/s for ${SECONDS} s (Poisson), 70 % pro / 30 % free, pro burst 4`);
  const backend = await fakeA1111(IMAGE_MS);
  const d = await deployment(backend, WORKERS);
  const pool = async (tier, count) => {
    const users = [];
    for (let i = 0; i < count; i++) {
      const uid = `${tier}${i}`;
      users.push({ tok: await register(d.base, uid), busy: 0, uid });
      if (tier === 'pro') makePro(d.data, uid);
    }
    return users;
  };
  const pros = await pool('pro', 150);
  const frees = await pool('free', 500);
  const waits = { pro: [], free: [] };
  const skipped = { pro: 0, free: 0 };
  const pending = [];
  let n = 0;
  const end = now() + SECONDS * 1000;
  while (now() < end) {
    const tier = Math.random() < 0.7 ? 'pro' : 'free';
    const cap = tier === 'pro' ? 4 : 1;
    const user = (tier === 'pro' ? pros : frees).find((u) => u.busy < cap);
    if (!user) {
      skipped[tier]++;
    } else {
      user.busy++;
      const prompt = `w${n++}`;
      const sent = now();
      pending.push(generate(d.base, user.tok, prompt).then(() => {
        user.busy--;
        waits[tier].push(backend.arrivals.get(prompt) - sent);
      }));
    }
    await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * (1000 / rate)));
  }
  await Promise.allSettled(pending);
  console.log('| tier | jobs | p50 wait | p99 wait |');
  console.log('|---|---|---|---|');
  for (const tier of ['pro', 'free']) {
    const w = waits[tier];
    console.log(`| ${tier} | ${w.length} | ${(pct(w, 50) / 1000).toFixed(2)} s | ${(pct(w, 99) / 1000).toFixed(2)} s |`);
  }
  console.log(`(arrivals with every user of their tier at the cap, not sent: pro ${skipped.pro}, free ${skipped.free})`);
  const metrics = await (await fetch(`${d.base}/metrics`, { headers: { authorization: 'Bearer bench-metrics-token' } })).text();
  console.log(metrics.split('\n').filter((l) => /^lucent_queue_wait_seconds_(count|sum)/.test(l)).join('\n'));
  await stop(d);
}

/** The gateway's resident memory, from the kernel. */
function rssKiB(child) {
  const status = spawnSync('cat', [`/proc/${child.pid}/status`]).stdout.toString();
  return Number(status.match(/VmRSS:\s+(\d+)/)[1]);
}

/** Commands Redis ran (those inside scripts included) and script calls (one round trip each). */
function redisCommands(url) {
  const port = new URL(url).port;
  const info = spawnSync('redis-cli', ['-p', port, 'info', 'all']).stdout.toString();
  const scripts = [...info.matchAll(/cmdstat_(?:evalsha|eval):calls=(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
  return { commands: Number(info.match(/total_commands_processed:(\d+)/)[1]), scripts };
}

/** Opens `GET /api/v1/jobs/{id}/events` and keeps it open; resolves once its first event came. */
function listen(base, tok, id, agent) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/v1/jobs/${id}/events`, { agent, headers: { authorization: `Bearer ${tok}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events: ${res.statusCode}`));
      res.once('data', () => resolve(req));
    });
    req.on('error', reject);
  });
}

async function listeners() {
  const USERS = 1000;
  const SETTLE = 5000;
  const WINDOW = 20000;
  console.log(`== event streams on one gateway (Redis, no workers: every job waits in line), ${USERS} free users with one job each; Redis commands over ${WINDOW / 1000} s once all are open`);
  console.log('| listeners | jobs | per job | gateway RSS | RSS per listener | Redis commands/s (script calls/s) |');
  console.log('|---|---|---|---|---|---|');
  for (const perJob of [1, 10]) {
    const data = mkdtempSync(join(tmpdir(), 'lucent-bench-'));
    const redis = await startRedis(data);
    const gateway = await lucent('serve', data, ['--redis-url', redis, '--generator', 'none', '--stream-idle', '3600']);
    const base = gateway.base;
    const jobs = [];
    for (let i = 0; i < USERS; i++) {
      const tok = await register(base, `l${i}`);
      const res = await fetch(`${base}/api/v1/jobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: `a fox ${i}` }),
      });
      if (res.status !== 202) throw new Error(`submit: ${res.status}`);
      jobs.push({ tok, id: (await res.json()).id });
    }
    await new Promise((r) => setTimeout(r, SETTLE));
    const before = rssKiB(gateway.child);
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const open = [];
    const wanted = jobs.flatMap((job) => Array.from({ length: perJob }, () => job));
    for (let i = 0; i < wanted.length; i += 200) {
      open.push(...(await Promise.all(wanted.slice(i, i + 200).map((job) => listen(base, job.tok, job.id, agent)))));
    }
    await new Promise((r) => setTimeout(r, SETTLE));
    const from = redisCommands(redis);
    const start = now();
    await new Promise((r) => setTimeout(r, WINDOW));
    const to = redisCommands(redis);
    const seconds = (now() - start) / 1000;
    const rate = `${((to.commands - from.commands) / seconds).toFixed(0)} (scripts ${((to.scripts - from.scripts) / seconds).toFixed(0)})`;
    const after = rssKiB(gateway.child);
    const mib = (kib) => `${(kib / 1024).toFixed(1)} MiB`;
    console.log(`| ${open.length} | ${USERS} | ${perJob} | ${mib(before)} → ${mib(after)} | ${((after - before) / open.length).toFixed(1)} KiB | ${rate} |`);
    open.forEach((req) => req.destroy());
    agent.destroy();
    await stop({ data });
  }
}

const what = process.argv[2];
const run = { throughput, overhead, tiers, listeners }[what];
if (!run) {
  console.error('usage: node bench/scale.mjs throughput|overhead|tiers|listeners');
  process.exit(2);
}
await run();
process.exit(0);
