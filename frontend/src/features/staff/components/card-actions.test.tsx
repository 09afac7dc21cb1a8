import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { db, requestsTo } from '@/testing/mocks/db';
import { makeSupportUser } from '@/testing/mocks/records';
import { admin, openCard } from '@/testing/staff-console';
import type { AdminOnly, SupportUser } from '@/types/api';

const PAYS = 'Pro only: this user pays for Premium, and only an admin can take it away.';
const PAYS_NO_DELETE = 'This user pays for Premium: only an admin can delete their account.';
const COLLEAGUE = 'This is a staff member’s account: only an admin can change its plan or credits, or delete it.';

/** A subscriber whose Premium is paid for through the processor. */
const paying = (adminOnly: Partial<AdminOnly> = { paysForPremium: true }): SupportUser =>
  makeSupportUser(
    {
      plan: 'pro',
      subscription: { planType: 'pro', status: 'active', currentPeriodEnd: Date.UTC(2026, 11, 20), subscriptionId: 'sub_123' },
    },
    {
      why: 'Pro: active until Dec 19, 2026, paid by the test checkout',
      adminOnly: { staffAccount: false, paysForPremium: false, ...adminOnly },
    },
  );

/** A support colleague's own Lucent account. */
const colleague = (): SupportUser =>
  makeSupportUser(
    { uid: 'uid-tess', email: 'tess@example.com', username: 'Tess' },
    { adminOnly: { staffAccount: true, paysForPremium: false } },
  );

type Card = Awaited<ReturnType<typeof openCard>>['card'];
const form = (card: Card, name: string) => within(card.getByRole('form', { name }));

/** Types the reason, reviews, and confirms with the form's own "Yes" (or named) button. */
async function confirm(view: Awaited<ReturnType<typeof openCard>>, name: string, reason: string, yes: string) {
  const action = form(view.card, name);
  await view.user.type(action.getByRole('textbox', { name: 'Reason' }), reason);
  await view.user.click(action.getByRole('button', { name: /^Review the / }));
  await view.user.click(action.getByRole('button', { name: yes }));
  return action;
}

describe('Support console: what only an admin may change', () => {
  it('offers support no Free plan and no deletion for a paying subscriber, says why, and still grants', async () => {
    const view = await openCard(paying());
    const { card } = view;
    const plan = form(card, 'Set the plan');
    expect(plan.queryByRole('radio', { name: 'Free' })).not.toBeInTheDocument();
    expect(plan.getByText(PAYS)).toBeInTheDocument();
    expect(card.queryByRole('form', { name: 'Delete this account' })).not.toBeInTheDocument();
    // Where the deletion would be, under its own heading.
    expect(within(card.getByRole('region', { name: 'Delete this account' })).getByText(PAYS_NO_DELETE)).toBeInTheDocument();
    expect(await card.findByText(/^You can give 100 more bonus credits and 5 more Premium plans today\.$/)).toBeInTheDocument();

    const credits = form(card, 'Add bonus credits');
    await view.user.type(credits.getByRole('spinbutton', { name: 'Bonus credits' }), '5');
    await confirm(view, 'Add bonus credits', 'Goodwill, ticket #9', 'Yes, add the credits');
    expect(await credits.findByText('Done: added 5 bonus credits to grace@example.com.')).toBeInTheDocument();

    // Support grants Pro up to a month ahead.
    const until = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await view.user.type(plan.getByLabelText('Last day of Pro (optional)'), until);
    await confirm(view, 'Set the plan', 'Goodwill, ticket #9', 'Yes, set the plan');
    expect(await plan.findByText(/^Done: set grace@example\.com to Pro until .+\.$/)).toBeInTheDocument();
    expect(requestsTo('POST', '/api/v1/support/users/uid-grace/plan').map((request) => request.body)).toEqual([
      { plan: 'pro', until, reason: 'Goodwill, ticket #9' },
    ]);
  });

  it("offers support nothing to change on a staff member's account, and says why in place of the forms", async () => {
    const { card } = await openCard(colleague());
    expect(card.getByText(COLLEAGUE)).toBeInTheDocument();
    expect(card.queryByRole('form')).not.toBeInTheDocument();
    expect(card.queryByRole('textbox', { name: 'Reason' })).not.toBeInTheDocument();
    // Nothing can be given here, so what is left to give today is not said either.
    expect(card.queryByText(/^You can give /)).not.toBeInTheDocument();
    expect(db.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('offers an admin every change on a paying subscriber, and deletes the account', async () => {
    const view = await openCard(paying(), admin);
    const { card } = view;
    expect(form(card, 'Set the plan').getByRole('radio', { name: 'Free' })).toBeInTheDocument();
    expect(card.queryByText(PAYS)).not.toBeInTheDocument();
    expect(card.queryByText(PAYS_NO_DELETE)).not.toBeInTheDocument();

    await confirm(view, 'Delete this account', 'Asked by email, ticket #12', "Delete grace@example.com's account");
    expect(await card.findByRole('heading', { name: 'Account deleted' })).toBeInTheDocument();
  });

  it("offers an admin every change on a staff member's account", async () => {
    const view = await openCard(colleague(), admin);
    const { card } = view;
    for (const name of ['Set the plan', 'Add bonus credits', 'Delete this account']) {
      expect(card.getByRole('form', { name })).toBeInTheDocument();
    }
    expect(card.queryByText(COLLEAGUE)).not.toBeInTheDocument();

    const credits = form(card, 'Add bonus credits');
    await view.user.type(credits.getByRole('spinbutton', { name: 'Bonus credits' }), '50');
    await confirm(view, 'Add bonus credits', 'Conference demo account', 'Yes, add the credits');
    expect(await credits.findByText('Done: added 50 bonus credits to tess@example.com.')).toBeInTheDocument();
  });

  it("says the gateway's refusal when the user began to pay after the card was loaded", async () => {
    const view = await openCard(paying({ paysForPremium: false }));
    // The payment comes in while support reads the card.
    db.supportUsers = [paying()];
    const deletion = await confirm(view, 'Delete this account', 'Asked by email', "Delete grace@example.com's account");
    expect(await deletion.findByRole('alert')).toHaveTextContent(
      'The account was not deleted. Only an admin deletes the account of a paying subscriber.',
    );

    const plan = form(view.card, 'Set the plan');
    await view.user.click(plan.getByRole('radio', { name: 'Free' }));
    await confirm(view, 'Set the plan', 'Asked by email', 'Yes, set the plan');
    expect(await plan.findByRole('alert')).toHaveTextContent(
      'The plan was not changed. Taking Premium from a subscriber who pays for it needs an admin: the subscription keeps billing until it is canceled.',
    );
  });

  it("says the gateway's refusal when the account became a colleague's after the card was loaded", async () => {
    const view = await openCard(makeSupportUser({ uid: 'uid-tess', email: 'tess@example.com', username: 'Tess' }));
    db.supportUsers = [colleague()];
    const credits = form(view.card, 'Add bonus credits');
    await view.user.type(credits.getByRole('spinbutton', { name: 'Bonus credits' }), '5');
    await confirm(view, 'Add bonus credits', 'Goodwill', 'Yes, add the credits');
    expect(await credits.findByRole('alert')).toHaveTextContent(
      "No credits were added. Only an admin acts on a staff member's account.",
    );
  });
});
