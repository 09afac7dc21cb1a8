// Prints a Firebase-shaped ID token for `uid`, signed RS256 with the test key the harness's key
// endpoint publishes (kid k1). Node's own crypto: no dependencies.
import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';

const uid = process.argv[2] ?? 'load-user';
const key = readFileSync(new URL('../tests/api/keys/key-a.pem', import.meta.url));
const now = Math.floor(Date.now() / 1000);
const b64 = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');
const head = b64({ alg: 'RS256', typ: 'JWT', kid: 'k1' });
const body = b64({
  iss: 'https://securetoken.google.com/demo-lucent', aud: 'demo-lucent', sub: uid, user_id: uid,
  email: `${uid}@example.com`, iat: now, auth_time: now, exp: now + 3600,
});
const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(key).toString('base64url');
process.stdout.write(`${head}.${body}.${signature}\n`);
