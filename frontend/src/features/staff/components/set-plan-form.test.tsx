import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeSupportUser } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { openCard } from '@/testing/staff-console';

const PLAN = '/api/v1/support/users/uid-grace/plan';
const grace = () => makeSupportUser();

async function openPlanForm() {
  const view = await openCard(grace());
  const form = within(view.card.getByRole('form', { name: 'Set the plan' }));
  return { ...view, form };
}

type Form = Awaited<ReturnType<typeof openPlanForm>>['form'];
const reasonBox = (form: Form) => form.getByRole('textbox', { name: 'Reason' });
const dayBox = (form: Form) => form.getByLabelText('Last day of Pro (optional)');
const reviewButton = (form: Form) => form.getByRole('button', { name: 'Review the change' });
/** The confirmation step: the group named by its question (the fieldsets are groups too). */
const confirmation = (form: Form) => form.queryByRole('group', { name: /\?$/ });

describe('Support console: set the plan', () => {
  beforeEach(() => {
    // Only the clock: "in the past" is decided against it, and user-event keeps real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
  });

  it('sets Pro until a day after a confirmation that says exactly that, and shows the answer on the card', async () => {
    const { user, card, form } = await openPlanForm();
    expect(form.getByRole('radio', { name: 'Pro' })).toBeChecked();
    await user.type(dayBox(form), '2026-12-31');
    await user.type(reasonBox(form), 'Refund #42: charged twice');
    await user.click(reviewButton(form));

    const confirm = within(form.getByRole('group', { name: 'Set grace@example.com to Pro until Dec 31, 2026?' }));
    const yes = confirm.getByRole('button', { name: 'Yes, set the plan' });
    expect(yes).toHaveFocus();
    expect(reasonBox(form)).toBeDisabled();
    expect(requestsTo('POST', PLAN)).toHaveLength(0);
    await user.click(yes);

    expect(await form.findByText('Done: set grace@example.com to Pro until Dec 31, 2026.')).toHaveAttribute('role', 'status');
    expect(requestsTo('POST', PLAN).map((request) => request.body)).toEqual([
      { plan: 'pro', until: '2026-12-31', reason: 'Refund #42: charged twice' },
    ]);
    // The card is the gateway's answer: the sentence and the trail, without loading it again.
    expect(card.getByText('Pro: set by support until Dec 31, 2026')).toBeInTheDocument();
    expect(card.getByRole('row', { name: /Refund #42: charged twice/ })).toHaveTextContent(
      /sam@lucent\.example \(uid-1\).*set-plan pro until 2026-12-31/,
    );
    expect(requestsTo('GET', '/api/v1/support/users/uid-grace')).toHaveLength(1);
    // The search results (their sentences) are loaded again.
    await waitFor(() => {
      expect(requestsTo('GET', '/api/v1/support/users')).toHaveLength(2);
    });
    expect(confirmation(form)).not.toBeInTheDocument();
    expect(reviewButton(form)).toHaveFocus();
    expect(reasonBox(form)).toHaveValue('');
  });

  it('sets Free without a last day', async () => {
    const { user, card, form } = await openPlanForm();
    await user.click(form.getByRole('radio', { name: 'Free' }));
    expect(form.queryByLabelText('Last day of Pro (optional)')).not.toBeInTheDocument();
    await user.type(reasonBox(form), 'Chargeback');
    await user.click(reviewButton(form));
    await user.click(
      within(form.getByRole('group', { name: 'Set grace@example.com to Free?' })).getByRole('button', {
        name: 'Yes, set the plan',
      }),
    );
    expect(await form.findByRole('status')).toHaveTextContent('Done: set grace@example.com to Free.');
    expect(requestsTo('POST', PLAN)[0]?.body).toEqual({ plan: 'free', reason: 'Chargeback' });
    expect(card.getByText('Free: set to free by support')).toBeInTheDocument();
  });

  it('says Pro has no end date when no day is given', async () => {
    const { user, form } = await openPlanForm();
    await user.type(reasonBox(form), 'Goodwill');
    await user.click(reviewButton(form));
    expect(form.getByRole('group', { name: 'Set grace@example.com to Pro with no end date?' })).toBeInTheDocument();
  });

  it('asks for a reason before the confirmation, on the field, without asking the gateway', async () => {
    const { user, form } = await openPlanForm();
    await user.type(reasonBox(form), '   ');
    await user.click(reviewButton(form));
    const reason = reasonBox(form);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/^The reason must say why \(it goes into the audit trail\)\./);
    expect(reason).toHaveFocus();
    expect(confirmation(form)).not.toBeInTheDocument();
    expect(requestsTo('POST', PLAN)).toHaveLength(0);
    // Editing the field clears its error.
    await user.type(reason, 'x');
    expect(reason).not.toHaveAttribute('aria-invalid');
  });

  it("shows the gateway's refusal of a field on that field, and goes back to the form", async () => {
    const { user, card, form } = await openPlanForm();
    await user.type(dayBox(form), '2026-11-01');
    await user.type(reasonBox(form), 'Backdated by mistake');
    await user.click(reviewButton(form));
    await user.click(form.getByRole('button', { name: 'Yes, set the plan' }));

    await waitFor(() => {
      expect(dayBox(form)).toHaveAttribute('aria-invalid', 'true');
    });
    expect(dayBox(form)).toHaveAccessibleDescription(/^The last day is in the past\./);
    expect(dayBox(form)).toHaveFocus();
    expect(confirmation(form)).not.toBeInTheDocument();
    expect(form.getByRole('status')).toHaveTextContent('');
    expect(reasonBox(form)).toHaveValue('Backdated by mistake');
    expect(card.getByText('Not pro: no subscription has ever been paid.')).toBeInTheDocument();
  });

  it('says clearly when the gateway refuses because the record is the staff member’s own', async () => {
    server.use(
      http.post('/api/v1/support/users/{uid}/plan', () =>
        fail('POST /api/v1/support/users/{uid}/plan', 403, 'own_record', 'staff cannot change their own record; ask a colleague'),
      ),
    );
    const { user, form } = await openPlanForm();
    await user.type(reasonBox(form), 'Testing');
    await user.click(reviewButton(form));
    await user.click(form.getByRole('button', { name: 'Yes, set the plan' }));

    expect(await form.findByRole('alert')).toHaveTextContent(
      'The plan was not changed. Staff cannot change their own record: ask another member of staff to do it.',
    );
    expect(reviewButton(form)).toHaveFocus();
    expect(reasonBox(form)).not.toHaveAttribute('aria-invalid');
  });

  it('changes nothing when the confirmation is cancelled, and keeps what was typed', async () => {
    const { user, form } = await openPlanForm();
    await user.type(dayBox(form), '2026-12-31');
    await user.type(reasonBox(form), 'Refund #42');
    await user.click(reviewButton(form));
    await user.click(form.getByRole('button', { name: 'Cancel' }));

    expect(confirmation(form)).not.toBeInTheDocument();
    expect(reviewButton(form)).toHaveFocus();
    expect(reasonBox(form)).toBeEnabled();
    expect(reasonBox(form)).toHaveValue('Refund #42');
    expect(dayBox(form)).toHaveValue('2026-12-31');
    expect(requestsTo('POST', PLAN)).toHaveLength(0);
  });

  it('cannot be confirmed twice while the change is being saved', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post('/api/v1/support/users/{uid}/plan', async () => {
        await answered;
        return undefined; // on to the fake gateway's own answer
      }),
    );
    const { user, form } = await openPlanForm();
    await user.type(reasonBox(form), 'Goodwill');
    await user.click(reviewButton(form));
    await user.click(form.getByRole('button', { name: 'Yes, set the plan' }));

    expect(await form.findByRole('button', { name: 'Setting the plan…' })).toBeDisabled();
    expect(form.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer();
    expect(await form.findByText('Done: set grace@example.com to Pro with no end date.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
