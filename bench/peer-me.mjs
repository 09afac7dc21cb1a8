// The peer of `bench/load.sh`: GET /api/v1/me as a typical Node gateway writes it, Express with
// jose verifying the Firebase ID token (RS256, issuer, audience, expiry) against the same key
// endpoint, then a profile of the same shape and size. No cache of verified tokens: jose verifies
// the signature on every request, as such a service usually does. Args: port, key endpoint URL.
import express from 'express';
import { importX509, jwtVerify } from 'jose';

const [port = '18082', keysUrl = 'http://127.0.0.1:18099/keys'] = process.argv.slice(2);
const project = 'demo-lucent';
const keys = new Map();

async function key(header) {
  if (!keys.has(header.kid)) {
    const certs = await (await fetch(keysUrl)).json();
    for (const [kid, pem] of Object.entries(certs)) keys.set(kid, await importX509(pem, 'RS256'));
  }
  const found = keys.get(header.kid);
  if (!found) throw new Error('unknown key');
  return found;
}

const app = express();
app.disable('x-powered-by');
app.get('/api/v1/me', async (req, res) => {
  const token = (req.get('authorization') ?? '').replace(/^Bearer /, '');
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: `https://securetoken.google.com/${project}`,
      audience: project,
      algorithms: ['RS256'],
    });
    res.json({
      uid: payload.sub, email: payload.email, username: 'Load', ageConfirmed: true,
      createdAt: 1795702109341, plan: 'free', subscription: null,
      quota: { used: 0, limit: 100000000, bonus: 0, resetsAt: '2026-11-27T00:00:00Z' },
      standing: { strikes: 0, warnAt: 3, suspendAt: 5, warning: null, suspension: null },
      ageCheck: { status: 'unverified', checkedAt: null, required: true },
    });
  } catch {
    res.status(401).json({ error: { code: 'unauthenticated', message: 'invalid token' } });
  }
});
app.listen(Number(port), '127.0.0.1');
