import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { supportMailto } from '@/config/support';
import { formatDateTime } from '@/lib/format';
import { ada, generateButton, openGenerate, promptBox } from '@/testing/generate-page';
import { db, requestsTo } from '@/testing/mocks/db';
import { makeSuspension } from '@/testing/mocks/records';

// The fake gateway's content rules (testing/mocks/handlers/content-rules.ts) refuse "15 year old"
// as a strike and ask to rephrase "Taylor Swfit", one ambiguous sign that does not count.

/** /generate for Ada with her profile loaded. */
async function openSignedIn() {
  const view = await openGenerate({ user: ada });
  await screen.findByTestId('credits');
  return view;
}

/** Replaces the prompt and presses Generate. */
async function generate(user: Awaited<ReturnType<typeof openSignedIn>>['user'], prompt: string) {
  await user.clear(promptBox());
  await user.type(promptBox(), prompt);
  await user.click(generateButton());
}

const standing = () => screen.queryByRole('region', { name: 'Your standing' });
/** Every place the page tells the suspension in full. */
const suspensionSaid = () => screen.queryAllByText(/^Generation is suspended$/, { selector: 'strong' });
const strikes = (count: number) => Array.from({ length: count }, () => ({ at: Date.now(), strike: true }));

describe('Generate page: refusals', () => {
  it('asks to change the words of a refusal on one ambiguous sign, and says it does not count', async () => {
    const { user } = await openSignedIn();
    await generate(user, 'nude Taylor Swfit on a beach');

    const refusal = await screen.findByTestId('prompt-refusal');
    expect(refusal).toHaveTextContent('Change these words and try again: Taylor Swfit.');
    expect(within(refusal).getByText('Taylor Swfit', { selector: 'strong' })).toBeInTheDocument();
    expect(refusal).toHaveTextContent('Nothing was charged, and this does not count against your account.');
    expect(refusal).not.toHaveTextContent('Refused because of');
    expect(within(refusal).getByRole('link', { name: 'What Lucent never makes' })).toHaveAttribute(
      'href',
      '/terms-of-service#content-rules',
    );
    expect(promptBox()).toHaveAccessibleDescription(/Change these words and try again: Taylor Swfit\./);
    expect(standing()).not.toBeInTheDocument();
  });

  it('says which words refused a request that counts, that it counts, and how many count of five', async () => {
    db.refusals = strikes(1);
    const { user } = await openSignedIn();
    await generate(user, 'nude 15 year old');

    const refusal = await screen.findByTestId('prompt-refusal');
    expect(refusal).toHaveTextContent('Refused because of: 15 year old. Nothing was charged.');
    await waitFor(() => {
      expect(refusal).toHaveTextContent(
        'This counts against your account: 2 of 5 refused requests in the last 24 hours; at 5, generation is suspended until our staff have reviewed your account.',
      );
    });
    expect(within(refusal).getByText('15 year old', { selector: 'strong' })).toBeInTheDocument();
    expect(refusal).not.toHaveTextContent('Change these words');
    expect(refusal).not.toHaveTextContent('does not count');
  });
});

describe("Generate page: the account's standing", () => {
  it('shows nothing while fewer refusals than the warning count', async () => {
    db.refusals = [...strikes(2), ...Array.from({ length: 3 }, () => ({ at: Date.now(), strike: false }))];
    await openSignedIn();
    expect(standing()).not.toBeInTheDocument();
    expect(generateButton()).toBeEnabled();
  });

  it('reloads the profile after a refusal, and warns at the third that counts, beside Generate', async () => {
    db.refusals = strikes(2);
    const { user } = await openSignedIn();
    await generate(user, 'nude 15 year old');

    const warning = await screen.findByRole('region', { name: 'Your standing' });
    expect(warning).toHaveTextContent(
      'Warning (3 of 5): 3 of your requests were refused in the last 24 hours; at 5, generation is suspended until our staff have reviewed your account.',
    );
    expect(generateButton().parentElement).toContainElement(warning);
    // The standing tells the count from the warning on; the refusal only that it counts.
    const refusal = screen.getByTestId('prompt-refusal');
    expect(refusal).toHaveTextContent('Nothing was charged. This counts against your account. What Lucent never makes');
    expect(requestsTo('GET', '/api/v1/me')).toHaveLength(2);
    expect(generateButton()).toBeEnabled();
  });

  it('disables Generate while generation is suspended, saying it once: since when, why and how to ask for a review', async () => {
    const suspension = makeSuspension();
    db.suspension = suspension;
    const { user } = await openSignedIn();

    const notice = await screen.findByRole('region', { name: 'Account suspended' });
    expect(notice).toHaveTextContent(
      `Generation is suspended since ${formatDateTime(suspension.since)}: 5 refused requests in 24 hours.`,
    );
    expect(notice).toHaveTextContent(suspension.review);
    expect(within(notice).getByRole('link', { name: 'support@lucent.example' })).toHaveAttribute(
      'href',
      supportMailto('Review of the suspension of ada@example.com'),
    );
    expect(suspensionSaid()).toHaveLength(1);
    expect(standing()).not.toBeInTheDocument();
    expect(generateButton()).toBeDisabled();
    expect(generateButton()).toHaveAccessibleDescription('Generation is suspended: see the notice at the top of the page.');

    await user.click(generateButton());
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
  });

  it('disables Generate once the fifth refusal that counts suspends generation', async () => {
    db.refusals = strikes(4);
    const { user } = await openSignedIn();
    await generate(user, 'nude 15 year old');

    expect(await screen.findByRole('region', { name: 'Account suspended' })).toHaveTextContent(
      /Generation is suspended since .*: 5 refused requests in 24 hours\./,
    );
    expect(suspensionSaid()).toHaveLength(1);
    expect(generateButton()).toBeDisabled();
  });

  it('shows a suspension the gateway answers with 403 that the page did not know of, once', async () => {
    const { user } = await openSignedIn();
    // Suspended meanwhile, by a refusal in another tab.
    db.suspension = makeSuspension();
    await user.click(generateButton());

    await waitFor(() => {
      expect(generateButton()).toBeDisabled();
    });
    expect(screen.getByRole('region', { name: 'Account suspended' })).toHaveTextContent(/Generation is suspended since/);
    expect(suspensionSaid()).toHaveLength(1);
    // The 403's own words are not said again by the Generate button.
    expect(screen.queryByText(/generation is suspended for this account/)).not.toBeInTheDocument();
    expect(generateButton()).toHaveAccessibleDescription('Generation is suspended: see the notice at the top of the page.');
  });
});
