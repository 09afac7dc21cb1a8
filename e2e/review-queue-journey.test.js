// Journey: the review queue. A free user's five refused requests (a minor in an explicit
// prompt) suspend generation; a support account finds the account among the suspended ones on
// /staff with the words that decided each refusal, opens the card from the queue and lifts the
// suspension with a reason and a keyboard confirmation; the trail says so and the user can
// generate again. Another user's refusal, a book title the rules read as a minor, is marked a
// false positive from their card and stops counting.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { assertAccessible } from './support/accessibility.js';
import { call, grantSupportRole } from './support/api.js';
import { BASE_URL, launch, openPage, screenshot } from './support/browser.js';
import { freeUser, generateViaApi, gone, JOURNEY, logIn, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A request the content rules refuse, sent as the web app sends one; returns the error. */
async function refusedJob(user, prompt) {
  const answer = await call('POST', '/api/v1/jobs', { token: user.token, json: { prompt } });
  assert.equal(answer.status, 422, `POST /api/v1/jobs "${prompt}": ${JSON.stringify(answer.body)}`);
  assert.equal(answer.body.error.code, 'prompt_refused');
  return answer.body.error;
}

/** A support account signed in on /staff, the review queue loaded. */
async function openConsole(name) {
  const support = await grantSupportRole(await freeUser(name));
  // The gateway takes the new token as staff's (and the account itself has the role).
  const queue = await call('GET', '/api/v1/support/moderation', { token: support.token });
  assert.equal(queue.status, 200, `the support role is in effect: ${JSON.stringify(queue.body)}`);
  const page = await openPage(browser);
  await logIn(page, support);
  await page.goto(`${BASE_URL}/staff`);
  await visible(page.getByRole('heading', { name: 'Support console', exact: true }), 'the support console');
  const region = page.getByRole('region', { name: 'Review queue', exact: true });
  await visible(region.getByRole('heading', { name: 'Recent refusals', exact: true }), 'the review queue');
  return { support, page, region };
}

/** The refusals of `email` in `list`, by their accessible names ("Minor · <email> · <when>"). */
const refusalsOf = (list, email) => list.getByRole('article', { name: new RegExp(`^Minor · ${escape(email)} · `) });

test('support lifts a suspension from the review queue, and the user can generate again', JOURNEY, async () => {
  const stamp = Date.now().toString(36);
  const offender = await freeUser(`Suspended Sid ${stamp}`);
  let last;
  for (let n = 0; n < 5; n += 1) last = await refusedJob(offender, 'naked little girl');
  assert.deepEqual(last.words, ['little girl'], 'the words that decided it');
  assert.match(last.message, /generation is suspended until our staff have reviewed your account/, 'the fifth suspends');
  const blocked = await call('POST', '/api/v1/jobs', { token: offender.token, json: { prompt: 'a lighthouse at dusk' } });
  assert.equal(blocked.status, 403, `a suspended account cannot generate: ${JSON.stringify(blocked.body)}`);
  assert.equal(blocked.body.error.code, 'account_suspended');

  const { support, page, region } = await openConsole(`Support Sue ${stamp}`);
  const suspended = region.getByRole('list', { name: 'Suspended accounts', exact: true });
  const account = suspended.getByRole('listitem').filter({ hasText: offender.email });
  await visible(account, 'the account among the suspended ones');
  const said = await account.innerText();
  assert.match(said, /Suspended since .*: 5 refused requests in 24 hours/, `the suspension: ${said}`);
  assert.match(said, /Awaiting review/, `the suspension awaits review: ${said}`);

  const refusals = refusalsOf(region.getByRole('list', { name: 'Refusals', exact: true }), offender.email);
  await visible(refusals.first(), "the user's refusals in the queue");
  assert.equal(await refusals.count(), 5, 'each of the five refusals is listed');
  const marked = refusals.first().locator('mark');
  await visible(marked, 'the words marked in the prompt');
  assert.equal(await marked.innerText(), 'little girl');
  assert.match(await refusals.first().innerText(), /Counts towards a suspension/);
  await assertAccessible(page, 'the review queue');
  await screenshot(page, 'review-queue');

  await account.getByRole('link', { name: `Open the card of ${offender.email}`, exact: true }).click();
  const card = page.getByRole('region', { name: offender.email, exact: true });
  await visible(card, "the suspended user's card");
  const rules = card.getByRole('region', { name: 'Content rules', exact: true });
  await visible(rules.getByText(/^Suspended since /), 'the suspension on the card');
  assert.equal(await refusalsOf(rules.getByRole('list', { name: 'Refusals', exact: true }), offender.email).count(), 5);

  // Lift it: the decision, a reason, a review, and the confirmation (focused) taken with Enter.
  const reason = `Reviewed the prompts for ticket ${stamp}: a test account`;
  const form = rules.getByRole('form', { name: 'Lift or uphold the suspension', exact: true });
  await form.getByRole('radio', { name: /^Lift/ }).check();
  await form.getByRole('textbox', { name: 'Reason', exact: true }).fill(reason);
  await form.getByRole('button', { name: 'Review the decision', exact: true }).click();
  const question = form.getByRole('group', {
    name: `Lift the suspension of ${offender.email}? They can generate again, and their refusals so far stop counting.`,
    exact: true,
  });
  await visible(question, 'the confirmation, saying what will happen');
  const focused = await page.evaluate(() => document.activeElement?.textContent);
  assert.equal(focused, 'Yes, lift the suspension', 'the focus moves to the confirmation');
  await assertAccessible(page, 'the card asking to confirm a lifted suspension');
  await page.keyboard.press('Enter');

  await visible(
    rules.getByRole('status').filter({ hasText: `Done: lifted the suspension of ${offender.email}; they can generate again.` }),
    'the announcement of the decision',
  );
  await visible(rules.getByText('Not suspended: generation is allowed.', { exact: true }), 'the card without the suspension');
  await visible(rules.getByText(/^Reviewed: no longer counts/).first(), 'the refusals reviewed');
  const entry = card.getByRole('row', { name: new RegExp(escape(reason)) });
  await visible(entry, 'the audit entry');
  const row = await entry.innerText();
  assert.match(row, new RegExp(escape(`${support.email} (${support.uid})`)), `the audit entry names who: ${row}`);
  assert.match(row, /lift suspension/, `the audit entry says what: ${row}`);
  await gone(account, 'the account in the suspended list (the queue reloads)');
  await assertAccessible(page, 'the card after the suspension was lifted');
  await screenshot(page, 'review-card-lifted');
  page.assertNoErrors();
  await page.context().close();

  await generateViaApi(offender, `a lighthouse at dusk, review queue journey ${stamp}`);
});

test('support marks a refusal of another user a false positive, and it stops counting', JOURNEY, async () => {
  const stamp = Date.now().toString(36);
  const reader = await freeUser(`Reader Rae ${stamp}`);
  const refusal = await refusedJob(reader, 'nude woman, 35, reading the novel little girl lost');
  assert.deepEqual(refusal.words, ['little girl'], 'the words that decided it');

  const { support, page, region } = await openConsole(`Support Sol ${stamp}`);
  const record = await call('GET', `/api/v1/support/users/${reader.uid}`, { token: support.token });
  assert.equal(record.status, 200, JSON.stringify(record.body));
  const [{ id }] = record.body.refusals;
  const inQueue = refusalsOf(region.getByRole('list', { name: 'Refusals', exact: true }), reader.email);
  await visible(inQueue, "the reader's refusal in the queue");
  await inQueue.getByRole('link', { name: `Open the card of ${reader.email}`, exact: true }).click();

  const card = page.getByRole('region', { name: reader.email, exact: true });
  await visible(card, "the reader's card");
  const rules = card.getByRole('region', { name: 'Content rules', exact: true });
  const item = refusalsOf(rules.getByRole('list', { name: 'Refusals', exact: true }), reader.email);
  await visible(item.getByText(id, { exact: true }), 'the refusal on the card, with its id');

  const reason = `A book title, ticket ${stamp}`;
  await item.getByRole('button', { name: 'Mark false positive…', exact: true }).click();
  await item.getByRole('textbox', { name: 'Reason', exact: true }).fill(reason);
  await item.getByRole('button', { name: 'Review the change', exact: true }).click();
  const question = new RegExp(
    `^Mark the refusal of .+ a false positive\\? It will no longer count against ${escape(reader.email)}\\.$`,
  );
  await visible(item.getByRole('group', { name: question }), 'the confirmation, saying what will happen');
  const focused = await page.evaluate(() => document.activeElement?.textContent);
  assert.equal(focused, 'Yes, mark it a false positive', 'the focus moves to the confirmation');
  await assertAccessible(page, 'the card asking to confirm a false positive');
  await page.keyboard.press('Enter');

  const done = rules.getByRole('status').filter({ hasText: /^Done: marked the refusal of .+ a false positive/ });
  await visible(done, 'the announcement');
  await visible(item.getByText(/^False positive: no longer counts/), 'the refusal marked a false positive');
  assert.equal(await item.getByRole('button', { name: 'Mark false positive…' }).count(), 0, 'nothing more to mark');
  const entry = card.getByRole('row', { name: new RegExp(escape(reason)) });
  await visible(entry, 'the audit entry');
  assert.match(await entry.innerText(), new RegExp(escape(`refusal ${id} false positive`)));

  const now = await call('GET', `/api/v1/support/users/${reader.uid}`, { token: support.token });
  assert.equal(now.status, 200);
  assert.deepEqual(
    now.body.refusals.map(({ id: key, falsePositive, counts }) => ({ key, falsePositive, counts })),
    [{ key: id, falsePositive: true, counts: false }],
    'the gateway counts it no more',
  );
  await assertAccessible(page, 'the card after a false positive');
  page.assertNoErrors();
  await page.context().close();
});
