import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { db, requestsTo } from '@/testing/mocks/db';
import { makeSupportUser } from '@/testing/mocks/records';
import { admin, openCard } from '@/testing/staff-console';

const GRANTS = '/api/v1/support/grants';
/** A week from today (UTC), as the date input takes it: a plan support may grant. */
const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);

type View = Awaited<ReturnType<typeof openCard>>;

async function addCredits({ user, card }: View, credits: string) {
  const form = within(card.getByRole('form', { name: 'Add bonus credits' }));
  await user.type(form.getByRole('spinbutton', { name: 'Bonus credits' }), credits);
  await user.type(form.getByRole('textbox', { name: 'Reason' }), 'Batch #7 failed');
  await user.click(form.getByRole('button', { name: 'Review the credits' }));
  await user.click(form.getByRole('button', { name: 'Yes, add the credits' }));
  return form;
}

async function setProForAWeek({ user, card }: View) {
  const form = within(card.getByRole('form', { name: 'Set the plan' }));
  await user.type(form.getByLabelText('Last day of Pro (optional)'), inAWeek());
  await user.type(form.getByRole('textbox', { name: 'Reason' }), 'Refund #42');
  await user.click(form.getByRole('button', { name: 'Review the change' }));
  await user.click(form.getByRole('button', { name: 'Yes, set the plan' }));
  return form;
}

describe("Support console: a support member's grants of the day", () => {
  it('says by the grant forms what is left today, and again after each grant', async () => {
    const view = await openCard(makeSupportUser());
    const { card } = view;
    expect(await card.findByText('You can give 100 more bonus credits and 5 more Premium plans today.')).toBeInTheDocument();

    const credits = await addCredits(view, '20');
    await credits.findByText(/^Done: added 20 bonus credits/);
    expect(await card.findByText('You can give 80 more bonus credits and 5 more Premium plans today.')).toBeInTheDocument();

    db.staffGrants = { credits: 99, pro: 3 };
    const plan = await setProForAWeek(view);
    await plan.findByText(/^Done: set grace@example\.com to Pro until/);
    expect(await card.findByText('You can give 1 more bonus credit and 1 more Premium plan today.')).toBeInTheDocument();
    expect(requestsTo('GET', GRANTS)).toHaveLength(3);
  });

  it("shows the gateway's refusal past the day's total, and what is left after it", async () => {
    const view = await openCard(makeSupportUser());
    const { card } = view;
    await card.findByText('You can give 100 more bonus credits and 5 more Premium plans today.');
    // Given meanwhile, from another tab.
    db.staffGrants = { credits: 98, pro: 5 };

    const form = await addCredits(view, '5');

    expect(await form.findByRole('alert')).toHaveTextContent(
      'No credits were added. Support gives at most 100 bonus credits and 5 Premium plans a day each; 2 credits and 0 plans are left for you today; more needs an admin.',
    );
    expect(await card.findByText('You can give 2 more bonus credits and 0 more Premium plans today.')).toBeInTheDocument();
    expect(card.getByText(/^3 of 10 used · resets/)).toBeInTheDocument();
  });

  it('says nothing of it to an admin, whose grants are not capped', async () => {
    const { card } = await openCard(makeSupportUser(), admin);
    await waitFor(() => {
      expect(requestsTo('GET', GRANTS)).toHaveLength(1);
    });
    expect(card.getByRole('form', { name: 'Add bonus credits' })).toBeInTheDocument();
    expect(card.queryByText(/^You can give/)).not.toBeInTheDocument();
  });
});
