// The Realtime Database rules, checked offline with targaryen: a user reads only their own
// records, and no client writes anywhere (the gateway's admin access bypasses the rules).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import targaryen from 'targaryen';

const rules = JSON.parse(readFileSync(new URL('../database.rules.json', import.meta.url)));
const data = {
  users: {
    alice: { uid: 'alice', email: 'alice@example.com', username: 'Alice' },
    bob: { uid: 'bob', email: 'bob@example.com', username: 'Bob', subscription: { planType: 'pro' } },
  },
  generations: { alice: { g1: { prompt: 'a cat' } }, bob: { g2: { prompt: 'a dog' } } },
  usage: { alice: { '2026-11-22': 3 } },
  bonus: { alice: { 'd2026-11-22': 5 } },
  stripeEvents: { evt_1: { type: 'invoice.paid' } },
  audit: { bob: { a1: { reason: 'support' } } },
  refusals: { r1: { uid: 'bob', category: 'minor', prompt: 'refused' } },
};
const signedIn = (uid) => ({ uid, provider: 'password', token: { email: `${uid}@example.com` } });
const as = (auth) => targaryen.database(rules, data).as(auth);

test('a user reads their own profile and generations', () => {
  assert.ok(as(signedIn('alice')).read('/users/alice').allowed);
  assert.ok(as(signedIn('alice')).read('/generations/alice').allowed);
  assert.ok(as(signedIn('alice')).read('/generations/alice/g1').allowed);
});

test("a user cannot read another user's records", () => {
  assert.equal(as(signedIn('alice')).read('/users/bob').allowed, false);
  assert.equal(as(signedIn('alice')).read('/generations/bob').allowed, false);
  assert.equal(as(signedIn('alice')).read('/users').allowed, false);
});

test('nobody signed out reads anything', () => {
  for (const path of ['/', '/users', '/users/alice', '/generations/alice', '/usage/alice']) {
    assert.equal(as(null).read(path).allowed, false, path);
  }
});

test('server-only paths are unreadable even to their owner', () => {
  assert.equal(as(signedIn('alice')).read('/usage/alice').allowed, false);
  assert.equal(as(signedIn('alice')).read('/bonus/alice').allowed, false);
  assert.equal(as(signedIn('bob')).read('/audit/bob').allowed, false);
  assert.equal(as(signedIn('bob')).read('/refusals').allowed, false);
  assert.equal(as(signedIn('bob')).read('/refusals/r1').allowed, false);
  assert.equal(as(signedIn('bob')).write('/refusals/r1', null).allowed, false);
  assert.equal(as(signedIn('alice')).read('/stripeEvents').allowed, false);
});

test('no client can make itself pro', () => {
  const alice = as(signedIn('alice'));
  assert.equal(alice.write('/users/alice/subscription/planType', 'pro').allowed, false);
  assert.equal(alice.write('/users/alice/subscription', { planType: 'pro' }).allowed, false);
  assert.equal(alice.update('/users/alice', { subscription: { planType: 'pro' } }).allowed, false);
});

test('no client writes anywhere, own records included', () => {
  const writes = [
    ['/users/alice', { uid: 'alice', email: 'alice@example.com', username: 'A' }],
    ['/users/alice/username', 'Mallory'],
    ['/generations/alice/g9', { prompt: 'x' }],
    ['/usage/alice/2026-11-22', 0],
    ['/stripeEvents/evt_2', { type: 'x' }],
    ['/audit/alice/a2', { reason: 'x' }],
    ['/bonus/alice/d2026-11-22', 500],
    ['/users/bob/subscription', null],
  ];
  for (const auth of [signedIn('alice'), null]) {
    for (const [path, value] of writes) {
      assert.equal(as(auth).write(path, value).allowed, false, `${auth?.uid ?? 'guest'} ${path}`);
    }
  }
});

test('the indexes the gateway queries by: support look-ups, the moderation queue, retention', () => {
  assert.deepEqual(rules.rules.users['.indexOn'], ['email', 'suspension/since']);
  assert.deepEqual(rules.rules.refusals['.indexOn'], ['uid']);
  assert.deepEqual(rules.rules.generations.$uid['.indexOn'], ['createdAt']);
});

// Support staff carry `support: true` in their token; they work through the gateway, which
// checks the claim against the account and writes the audit entry before every change.
const staff = (uid, claims) => ({ ...signedIn(uid), token: { ...signedIn(uid).token, ...claims } });

test("a staff claim opens no one else's records to the client", () => {
  for (const claims of [{ support: true }, { admin: true }]) {
    const sam = as(staff('sam', claims));
    for (const path of ['/users/bob', '/generations/bob', '/audit/bob', '/bonus/alice', '/users', '/refusals']) {
      assert.equal(sam.read(path).allowed, false, `${JSON.stringify(claims)} ${path}`);
    }
    assert.equal(sam.write('/users/bob/subscription/planType', 'pro').allowed, false);
    assert.equal(sam.write('/bonus/alice/d2026-11-22', 500).allowed, false);
  }
});

test('the audit trail cannot be rewritten or erased from a client, staff included', () => {
  for (const auth of [signedIn('bob'), staff('sam', { support: true, admin: true })]) {
    assert.equal(as(auth).write('/audit/bob/a1', { reason: 'nothing happened' }).allowed, false);
    assert.equal(as(auth).write('/audit/bob/a1', null).allowed, false);
    assert.equal(as(auth).write('/audit/bob', null).allowed, false);
  }
});
