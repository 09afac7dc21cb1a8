// The gateway on the local stack, driven with real Auth emulator tokens: register, generate
// (blurred), pay with a test card, confirm, and see the same image sharp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, signUp } from './support/api.js';

test('an Auth emulator token is accepted and its email becomes the profile email', async () => {
  const user = await signUp('token');

  const created = await call('POST', '/api/v1/me', { token: user.token, json: { username: 'Token Tester', ageConfirmed: true } });
  const me = await call('GET', '/api/v1/me', { token: user.token });

  assert.equal(created.status, 200);
  assert.equal(me.body.uid, user.uid);
  assert.equal(me.body.email, user.email);
  assert.equal(me.body.plan, 'free');
});

test('a tampered emulator token for another project is refused', async () => {
  const user = await signUp('tamper');
  const [header, payload] = user.token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url'));
  claims.aud = 'someone-elses-project';
  const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

  const me = await call('GET', '/api/v1/me', { token: forged });

  assert.equal(me.status, 401);
  assert.equal(me.body.error.code, 'token_wrong_project');
});

test('free image is blurred; after a test-card payment the same image is sharp', async () => {
  const user = await signUp('journey');
  await call('POST', '/api/v1/me', { token: user.token, json: { username: 'Journey', ageConfirmed: true } });

  const made = await call('POST', '/api/v1/generations', { token: user.token, json: { prompt: 'a lighthouse at dusk', seed: 3 } });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const [generation] = made.body.generations;
  assert.equal(generation.blurred, true);
  const blurred = await call('GET', generation.imageUrl, { token: user.token });
  assert.equal(blurred.status, 200);

  const checkout = await call('POST', '/api/v1/checkout', { token: user.token });
  assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
  const page = new URL(checkout.body.url).pathname;
  const declined = await call('POST', page, { form: { card: '4000 0000 0000 0002' } });
  assert.equal(declined.status, 402);
  assert.match(declined.body, /Your card was declined\./);
  const paid = await call('POST', page, { form: { card: '4242 4242 4242 4242' }, redirect: 'manual' });
  assert.equal(paid.status, 303);
  const sessionId = new URL(paid.headers.get('location')).searchParams.get('session_id');
  const confirmed = await call('POST', '/api/v1/payment-success', { token: user.token, json: { sessionId, firebaseId: user.uid } });
  assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
  assert.equal(confirmed.body.plan, 'pro');

  const sharp = await call('GET', generation.imageUrl, { token: user.token });
  assert.equal(sharp.status, 200);
  assert.notDeepEqual(sharp.body, blurred.body);
  const download = await call('GET', `${generation.imageUrl}?download=1`, { token: user.token });
  assert.match(download.headers.get('content-disposition'), /^attachment; filename="generated_image_[A-Za-z0-9]{8}\.png"$/);
  assert.equal(download.body.subarray(1, 4).toString(), 'PNG');
});
