// Journey 1: a guest browses the landing page (rotating prompt cards, FAQ accordion), goes on
// to /generate and, on pressing Generate, is sent to /register.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { BASE_URL, launch, openPage } from './support/browser.js';
import { at, expectNavUser, JOURNEY, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('the landing prompt cards rotate every 7500 ms on the page clock', JOURNEY, async () => {
  const page = await openPage(browser);
  await page.clock.install();
  await page.goto(`${BASE_URL}/`);
  await expectNavUser(page, 'Guest');

  const card = page.getByTestId('prompt-card');
  await visible(card, 'the first prompt card');
  const first = { label: await card.getAttribute('aria-label'), text: await card.locator('p').innerText() };
  assert.equal(first.label, '1 of 4');
  assert.equal(await page.getByRole('button', { name: 'Show prompt 1', exact: true }).getAttribute('aria-current'), 'true');

  // An installed clock still follows real time; pausing it makes every tick the test's own
  // (the first card has been up for a moment of real time, so it has less than 7500 ms left).
  // The pause is set a second ahead: the page's clock runs on while the call travels, and on a
  // loaded machine 100 ms was once too little ("Cannot fast-forward to the past").
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.clock.runFor(7500);
  await until('the second card is shown within 7500 ms', async () => {
    assert.equal(await card.getAttribute('aria-label'), '2 of 4');
  });
  const second = await card.locator('p').innerText();
  assert.notEqual(second, first.text, 'the card text should change with the card');
  assert.equal(await page.getByRole('button', { name: 'Show prompt 2', exact: true }).getAttribute('aria-current'), 'true');

  // A card chosen by hand starts on a paused tick, so its 7500 ms are measured exactly.
  await page.getByRole('button', { name: 'Show prompt 3', exact: true }).click();
  await until('the chosen third card is shown', async () => {
    assert.equal(await card.getAttribute('aria-label'), '3 of 4');
  });
  await page.clock.runFor(7499);
  assert.equal(await card.getAttribute('aria-label'), '3 of 4', 'the card changed before its 7500 ms were up');
  await page.clock.runFor(1);
  await until('the fourth card is shown after 7500 ms', async () => {
    assert.equal(await card.getAttribute('aria-label'), '4 of 4');
  });
  page.assertNoErrors();
});

test('the FAQ keeps one answer open at a time, the first one to start with', JOURNEY, async () => {
  const page = await openPage(browser);
  await page.goto(`${BASE_URL}/`);
  const faq = page.getByRole('region', { name: 'Frequently asked questions', exact: true });
  await visible(faq, 'the FAQ section');
  const questions = faq.getByRole('button');
  const count = await questions.count();
  assert.ok(count >= 3, `expected several FAQ questions, found ${count}`);

  const expandedStates = async () =>
    Promise.all(Array.from({ length: count }, (_, i) => questions.nth(i).getAttribute('aria-expanded')));

  assert.deepEqual(await expandedStates(), ['true', ...Array(count - 1).fill('false')], 'only the first is open at start');
  assert.ok(await faq.getByRole('region').first().isVisible(), "the first answer's text is visible");

  await questions.nth(2).click();
  await until('opening the third closes the first', async () => {
    const states = await expandedStates();
    assert.deepEqual(states, states.map((_, i) => (i === 2 ? 'true' : 'false')));
  });
  assert.equal(await faq.getByRole('region').count(), 1, 'exactly one answer is shown');

  await questions.nth(2).click();
  await until('clicking the open question closes it', async () => {
    assert.deepEqual(await expandedStates(), Array(count).fill('false'));
  });

  // The refund promise the FAQ makes (docs/product.md, Refunds).
  const refundQuestion = questions.filter({ hasText: /refund/i });
  assert.equal(await refundQuestion.count(), 1, 'one FAQ question is about refunds');
  await refundQuestion.click();
  await visible(faq.getByRole('region').getByText(/within 14 days/), "the FAQ's 14-day refund answer");
  assert.equal(await questions.first().getAttribute('aria-expanded'), 'false');
  page.assertNoErrors();
});

test('a guest goes from the landing page to /generate and Generate sends them to /register', JOURNEY, async () => {
  const page = await openPage(browser);
  await page.goto(`${BASE_URL}/`);
  await expectNavUser(page, 'Guest');
  await visible(page.getByRole('link', { name: 'Register', exact: true }), 'the Register link in the nav');
  await visible(page.getByRole('link', { name: 'Login', exact: true }), 'the Login link in the nav');

  // Using a card's prompt carries it to the Generate page.
  const cardPrompt = await page.getByTestId('prompt-card').locator('p').innerText();
  await page.getByRole('link', { name: 'Use this prompt', exact: true }).click();
  await at(page, '/generate');
  const prompt = page.getByLabel('Prompt', { exact: true });
  await visible(prompt, 'the prompt field');
  assert.equal(await prompt.inputValue(), cardPrompt);
  await until('the counter shows what remains of 500', async () => {
    assert.equal(await page.getByTestId('prompt-counter').innerText(), `${500 - cardPrompt.length} characters left`);
  });

  // Back home, then through the hero's main call to action.
  await page.getByRole('link', { name: 'Lucent', exact: true }).click();
  await at(page, '/');
  await page.getByRole('link', { name: 'Start creating', exact: true }).click();
  await at(page, '/generate');
  await visible(page.getByRole('heading', { name: 'Generate', exact: true, level: 1 }), 'the Generate heading');
  assert.ok((await prompt.inputValue()).length > 0, 'a default prompt is prefilled');
  await visible(page.getByText('Real V1.1', { exact: true }).first(), 'the style tiles from the catalog');

  const generate = page.getByRole('button', { name: 'Generate', exact: true });
  await until('the Generate button is enabled for a guest', async () => {
    assert.equal(await generate.isEnabled(), true);
  });
  await generate.click();
  await at(page, '/register');
  await visible(page.getByRole('heading', { name: 'Register', exact: true, level: 1 }), 'the Register heading');
  await expectNavUser(page, 'Guest');
  page.assertNoErrors();
});
