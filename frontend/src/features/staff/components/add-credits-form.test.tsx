import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeSupportUser } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { openCard } from '@/testing/staff-console';

const CREDITS = '/api/v1/support/users/uid-grace/credits';

async function openCreditsForm() {
  const view = await openCard(makeSupportUser());
  const form = within(view.card.getByRole('form', { name: 'Add bonus credits' }));
  return { ...view, form };
}

type Form = Awaited<ReturnType<typeof openCreditsForm>>['form'];
const creditsBox = (form: Form) => form.getByRole('spinbutton', { name: 'Bonus credits' });
const reasonBox = (form: Form) => form.getByRole('textbox', { name: 'Reason' });
const reviewButton = (form: Form) => form.getByRole('button', { name: 'Review the credits' });
const confirmation = (form: Form) => form.queryByRole('group', { name: /\?$/ });

describe('Support console: add bonus credits', () => {
  it('adds credits after a confirmation naming the number, the user and the period, and shows them on the card', async () => {
    const { user, card, form } = await openCreditsForm();
    expect(card.getByText(/^3 of 10 used · resets/)).toBeInTheDocument();
    await user.type(creditsBox(form), '5');
    await user.type(reasonBox(form), 'Batch #7 failed');
    await user.click(reviewButton(form));

    const question = form.getByRole('group', {
      name: /^Add 5 bonus credits to grace@example\.com for the current period \(it ends .*2026.*\)\?$/,
    });
    expect(within(question).getByRole('button', { name: 'Yes, add the credits' })).toHaveFocus();
    expect(requestsTo('POST', CREDITS)).toHaveLength(0);
    await user.click(form.getByRole('button', { name: 'Yes, add the credits' }));

    expect(await form.findByText('Done: added 5 bonus credits to grace@example.com.')).toHaveAttribute('role', 'status');
    expect(requestsTo('POST', CREDITS).map((request) => request.body)).toEqual([{ credits: 5, reason: 'Batch #7 failed' }]);
    expect(card.getByText(/^3 of 15 used \(incl\. 5 bonus\) · resets/)).toBeInTheDocument();
    expect(card.getByRole('row', { name: /Batch #7 failed/ })).toHaveTextContent(/sam@lucent\.example \(uid-1\).*add-credits 5 to d\d{4}-\d{2}-\d{2}/);
    expect(requestsTo('GET', '/api/v1/support/users/uid-grace')).toHaveLength(1);
    await waitFor(() => {
      expect(requestsTo('GET', '/api/v1/support/users')).toHaveLength(2);
    });
    expect(reviewButton(form)).toHaveFocus();
    expect(creditsBox(form)).toHaveValue(null);
  });

  it('words one credit in the singular', async () => {
    const { user, form } = await openCreditsForm();
    await user.type(creditsBox(form), '1');
    await user.type(reasonBox(form), 'Goodwill');
    await user.click(reviewButton(form));
    expect(confirmation(form)).toHaveAccessibleName(/^Add 1 bonus credit to grace@example\.com /);
  });

  it.each(['0', '501', '2.5', ''])('refuses %j credits on the field, without asking the gateway', async (credits) => {
    const { user, form } = await openCreditsForm();
    if (credits) await user.type(creditsBox(form), credits);
    await user.type(reasonBox(form), 'Goodwill');
    await user.click(reviewButton(form));
    expect(creditsBox(form)).toHaveAttribute('aria-invalid', 'true');
    expect(creditsBox(form)).toHaveAccessibleDescription(/^The number of credits must be 1 to 500\./);
    expect(creditsBox(form)).toHaveFocus();
    expect(confirmation(form)).not.toBeInTheDocument();
    expect(requestsTo('POST', CREDITS)).toHaveLength(0);
  });

  it("shows the gateway's refusal of the reason (over 500 characters) on the reason field", async () => {
    const { user, card, form } = await openCreditsForm();
    await user.type(creditsBox(form), '5');
    await user.click(reasonBox(form));
    await user.paste('x'.repeat(501));
    await user.click(reviewButton(form));
    await user.click(form.getByRole('button', { name: 'Yes, add the credits' }));

    await waitFor(() => {
      expect(reasonBox(form)).toHaveAttribute('aria-invalid', 'true');
    });
    expect(reasonBox(form)).toHaveAccessibleDescription(/^The reason is at most 500 characters\./);
    expect(reasonBox(form)).toHaveFocus();
    expect(creditsBox(form)).not.toHaveAttribute('aria-invalid');
    expect(card.getByText(/^3 of 10 used · resets/)).toBeInTheDocument();
    expect(requestsTo('POST', CREDITS)).toHaveLength(1);
  });

  it('says clearly when the gateway refuses because the record is the staff member’s own', async () => {
    server.use(
      http.post('/api/v1/support/users/{uid}/credits', () =>
        fail('POST /api/v1/support/users/{uid}/credits', 403, 'own_record', 'staff cannot change their own record; ask a colleague'),
      ),
    );
    const { user, form } = await openCreditsForm();
    await user.type(creditsBox(form), '5');
    await user.type(reasonBox(form), 'Testing');
    await user.click(reviewButton(form));
    await user.click(form.getByRole('button', { name: 'Yes, add the credits' }));

    expect(await form.findByRole('alert')).toHaveTextContent(
      'No credits were added. Staff cannot change their own record: ask another member of staff to do it.',
    );
    expect(reviewButton(form)).toHaveFocus();
    expect(form.getByRole('status')).toHaveTextContent('');
  });

  it('says when the user records are not answering', async () => {
    server.use(
      http.post('/api/v1/support/users/{uid}/credits', () =>
        fail('POST /api/v1/support/users/{uid}/credits', 503, 'store_unavailable', 'the user database is unavailable'),
      ),
    );
    const { user, form } = await openCreditsForm();
    await user.type(creditsBox(form), '5');
    await user.type(reasonBox(form), 'Batch #7 failed');
    await user.click(reviewButton(form));
    await user.click(form.getByRole('button', { name: 'Yes, add the credits' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      "No credits were added. Lucent's user records are not answering right now. Try again in a moment.",
    );
  });

  it('adds nothing when the confirmation is cancelled, and keeps what was typed', async () => {
    const { user, form } = await openCreditsForm();
    await user.type(creditsBox(form), '5');
    await user.type(reasonBox(form), 'Goodwill');
    await user.click(reviewButton(form));
    await user.click(form.getByRole('button', { name: 'Cancel' }));

    expect(confirmation(form)).not.toBeInTheDocument();
    expect(reviewButton(form)).toHaveFocus();
    expect(creditsBox(form)).toHaveValue(5);
    expect(reasonBox(form)).toHaveValue('Goodwill');
    expect(requestsTo('POST', CREDITS)).toHaveLength(0);
  });

  it('takes Escape on the confirmation as Cancel, by keyboard alone', async () => {
    const { user, form } = await openCreditsForm();
    await user.click(creditsBox(form));
    await user.keyboard('5');
    await user.tab();
    expect(reasonBox(form)).toHaveFocus();
    await user.keyboard('Goodwill');
    await user.tab();
    expect(reviewButton(form)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(form.getByRole('button', { name: 'Yes, add the credits' })).toHaveFocus();
    await user.keyboard('{Escape}');

    expect(confirmation(form)).not.toBeInTheDocument();
    expect(reviewButton(form)).toHaveFocus();
    expect(creditsBox(form)).toHaveValue(5);
    expect(reasonBox(form)).toHaveValue('Goodwill');
    expect(requestsTo('POST', CREDITS)).toHaveLength(0);
  });
});
