import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { db, requestsTo } from '@/testing/mocks/db';
import { makeSupportImage, makeSupportUser } from '@/testing/mocks/records';
import { openCard, staff, STAFF_UID } from '@/testing/staff-console';
import type { ProviderView, SupportUser } from '@/types/api';

const period = Date.UTC(2026, 11, 20);
const paying = (provider: ProviderView): SupportUser =>
  makeSupportUser(
    {
      plan: 'pro',
      subscription: { planType: 'pro', status: 'active', currentPeriodEnd: period, subscriptionId: 'sub_123' },
    },
    { why: 'Pro: active until Dec 19, 2026, paid by Stripe', provider },
  );

/** What the gateway found when it asked Stripe, or Verotel. */
const stripe = (view: Omit<ProviderView, 'processor'>): ProviderView => ({ processor: 'stripe', ...view });
const verotel = (view: Omit<ProviderView, 'processor'>): ProviderView => ({ processor: 'verotel', ...view });

/** The value of the card's "<processor> now" line, e.g. "Stripe now". */
async function now(processor: string, user: SupportUser) {
  const { card } = await openCard(user);
  const line = card.getByText(`${processor} now`).closest('div');
  if (!line) throw new Error(`no "${processor} now" line`);
  return within(line).getByRole('definition');
}

describe('Support console: the card', () => {
  it("shows Stripe's view next to the record, without a warning when they agree", async () => {
    const line = await now(
      'Stripe',
      paying(stripe({ state: 'found', status: 'active', currentPeriodEnd: period, matchesRecord: true })),
    );
    expect(line).toHaveTextContent(/^active, period ends .*2026/);
    expect(line).not.toHaveTextContent('Warning');
  });

  it('warns when Stripe does not match the record', async () => {
    const line = await now(
      'Stripe',
      paying(stripe({ state: 'found', status: 'past_due', currentPeriodEnd: period, matchesRecord: false })),
    );
    expect(line).toHaveTextContent(/^past_due, period ends .*2026/);
    expect(line).toHaveTextContent(
      'Warning: Stripe does not match the record above (its status or period end differ): a missed webhook, or a plan set by hand.',
    );
  });

  it('warns when Stripe could not be asked, with its reason', async () => {
    const line = await now(
      'Stripe',
      paying(stripe({ state: 'unreachable', matchesRecord: false, message: 'the payment provider did not answer in time' })),
    );
    expect(line).toHaveTextContent(
      'Warning: Stripe could not be asked (the payment provider did not answer in time), so what it says now is unknown. The record may be out of date.',
    );
  });

  it('warns when Stripe has no subscription with the recorded id', async () => {
    const line = await now('Stripe', paying(stripe({ state: 'missing', matchesRecord: false })));
    expect(line).toHaveTextContent('Warning: Stripe has no subscription with the recorded id. The record may be wrong.');
  });

  it('names Verotel, not Stripe, when Verotel is the processor the gateway asked', async () => {
    const line = await now('Verotel', paying(verotel({ state: 'missing', matchesRecord: false })));
    expect(line).toHaveTextContent('Warning: Verotel has no subscription with the recorded id. The record may be wrong.');
    expect(line).not.toHaveTextContent('Stripe');
  });

  it('says there is nothing to ask the test checkout about when the record names no subscription', async () => {
    const line = await now('Test checkout', makeSupportUser());
    expect(line).toHaveTextContent('Nothing to ask: the record names no Test checkout subscription');
    expect(line).not.toHaveTextContent('Warning');
  });

  it('shows the bonus within the credits', async () => {
    const { card } = await openCard(
      makeSupportUser({ quota: { used: 3, limit: 15, bonus: 5, resetsAt: '2026-11-25T00:00:00Z' } }),
    );
    expect(card.getByText(/^3 of 15 used \(incl\. 5 bonus\) · resets .*2026/)).toBeInTheDocument();
  });

  it("offers no changes on the staff member's own record, saying why, and keeps their images read-only", async () => {
    db.supportImages[STAFF_UID] = [makeSupportImage(STAFF_UID, { prompt: 'My own test image' })];
    const { card } = await openCard(makeSupportUser({ uid: STAFF_UID, email: staff.email, username: 'Sam' }));
    expect(
      card.getByText(
        'This is your own record: staff cannot change their own plan, credits, suspension, refusals, age check or images, nor delete their own account here. Ask another member of staff.',
      ),
    ).toBeInTheDocument();
    expect(card.queryByRole('form')).not.toBeInTheDocument();
    expect(card.queryByRole('textbox', { name: 'Reason' })).not.toBeInTheDocument();
    expect(await card.findByRole('article', { name: 'My own test image' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Delete…' })).not.toBeInTheDocument();
    expect(db.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    expect(requestsTo('GET', `/api/v1/support/users/${STAFF_UID}/generations`)).toHaveLength(1);
  });

  it('offers the changes on anyone else’s record', async () => {
    const { card } = await openCard(makeSupportUser());
    expect(card.getByRole('form', { name: 'Set the plan' })).toBeInTheDocument();
    expect(card.getByRole('form', { name: 'Add bonus credits' })).toBeInTheDocument();
    expect(card.getByRole('form', { name: 'Delete this account' })).toBeInTheDocument();
    expect(card.queryByText(/This is your own record/)).not.toBeInTheDocument();
  });

  it('lists every sale at the processor and warns when more than one may still charge', async () => {
    const { card } = await openCard(
      makeSupportUser({
        plan: 'pro',
        subscription: {
          planType: 'pro',
          status: 'active',
          subscriptionId: '7501',
          sales: {
            '7501': { processor: 'verotel', status: 'active', currentPeriodEnd: period, updatedAt: period },
            '7502': { processor: 'verotel', status: 'active', currentPeriodEnd: period, updatedAt: period },
            '7400': { processor: 'verotel', status: 'expired', updatedAt: period },
          },
        },
      }),
    );

    const line = card.getByText('Sales at the processor').closest('div');
    if (!line) throw new Error('no "Sales at the processor" line');
    const sales = within(line).getAllByRole('listitem');
    expect(sales.map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^7400 \(verotel\): expired$/),
      expect.stringMatching(/^7501 \(verotel\): active, paid until .*2026/),
      expect.stringMatching(/^7502 \(verotel\): active, paid until .*2026/),
    ]);
    expect(line).toHaveTextContent('Warning: 2 sales may still charge this person');
  });
});

