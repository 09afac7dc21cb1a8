// Our webhook signatures are made and checked the way Stripe's own library does it: the shared
// fixture's header (which the gateway's Rust tests sign and verify) is exactly what the
// official `stripe` package generates, and the package accepts it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Stripe from 'stripe';

const fixture = JSON.parse(readFileSync(new URL('../tests/fixtures/stripe-signature.json', import.meta.url)));
const stripe = new Stripe('sk_test_unused');

test("stripe's library makes the same header as the fixture", () => {
  const header = stripe.webhooks.generateTestHeaderString({
    payload: fixture.payload,
    secret: fixture.secret,
    timestamp: fixture.timestamp,
  });
  assert.equal(header, fixture.header);
});

// The last argument, receivedAt, is in milliseconds.
test("stripe's library accepts the fixture's header within the tolerance", () => {
  const event = stripe.webhooks.constructEvent(fixture.payload, fixture.header, fixture.secret, 300, undefined, (fixture.timestamp + 299) * 1000);
  assert.equal(event.id, 'evt_fixture_1');
});

test("stripe's library refuses it with another secret or past the tolerance", () => {
  assert.throws(() => stripe.webhooks.constructEvent(fixture.payload, fixture.header, 'whsec_other', 300, undefined, fixture.timestamp * 1000));
  assert.throws(() => stripe.webhooks.constructEvent(fixture.payload, fixture.header, fixture.secret, 300, undefined, (fixture.timestamp + 301) * 1000));
});
