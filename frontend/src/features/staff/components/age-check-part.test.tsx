import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { formatDateTime } from '@/lib/format';
import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { AGE_CHECKED_AT, makeSupportAgeCheck, makeSupportUser } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { admin, openCard, staff, STAFF_UID } from '@/testing/staff-console';

const RESET = '/api/v1/support/users/uid-grace/age-check/reset';

/** Grace's card as `as` sees it, and its "Age check" part. */
async function openAgeCheck(as: typeof staff = admin, user = makeSupportUser()) {
  const view = await openCard(user, as);
  return { ...view, part: within(view.card.getByRole('region', { name: 'Age check' })) };
}

describe('Support console: the age check', () => {
  it('shows the status, who decided, the provider’s reference and when', async () => {
    const { part } = await openAgeCheck(staff);
    expect(part.getByTestId('age-check')).toHaveTextContent(
      `Verified · test mode · reference inq_test_grace · ${formatDateTime(AGE_CHECKED_AT)}`,
    );
  });

  it('lets an admin reset it with a reason after a confirmation; the card then says unverified, and the trail why', async () => {
    const { user, card, part } = await openAgeCheck();
    const form = within(part.getByRole('form', { name: 'Reset the age check' }));
    await user.type(form.getByRole('textbox', { name: 'Reason' }), 'Ticket 88: a shared account');
    await user.click(form.getByRole('button', { name: 'Review the reset' }));

    const question = form.getByRole('group', {
      name: 'Reset the age check of grace@example.com? They become unverified: explicit images, theirs included, stay hidden from them until they verify their age again.',
    });
    const yes = within(question).getByRole('button', { name: 'Yes, reset the age check' });
    expect(yes).toHaveFocus();
    expect(requestsTo('POST', RESET)).toHaveLength(0);
    await user.click(yes);

    expect(await part.findByText('Done: reset the age check of grace@example.com; they are unverified now.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(requestsTo('POST', RESET).map((request) => request.body)).toEqual([{ reason: 'Ticket 88: a shared account' }]);
    expect(part.getByTestId('age-check')).toHaveTextContent(/^Unverified · reset by staff · /);
    expect(part.queryByRole('form', { name: 'Reset the age check' })).not.toBeInTheDocument();
    expect(card.getByRole('row', { name: /Ticket 88: a shared account/ })).toHaveTextContent(
      /sam@lucent\.example \(uid-1\).*age check reset/,
    );
    await waitFor(() => {
      expect(part.getByRole('heading', { name: 'Age check' })).toHaveFocus();
    });
  });

  it('asks for a reason before asking the gateway', async () => {
    const { user, part } = await openAgeCheck();
    await user.click(part.getByRole('button', { name: 'Review the reset' }));
    expect(part.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
      /The reason must say why \(it goes into the audit trail\)\./,
    );
    expect(part.queryByRole('group', { name: /\?$/ })).not.toBeInTheDocument();
  });

  it('is not offered to support staff who are not admins, saying who can', async () => {
    const { part } = await openAgeCheck(staff);
    expect(part.queryByRole('form')).not.toBeInTheDocument();
    expect(part.getByText('Only admins can reset an age check.')).toBeInTheDocument();
  });

  it('says so when the gateway finds the caller is not an admin after all', async () => {
    server.use(
      http.post('/api/v1/support/users/{uid}/age-check/reset', () =>
        fail('POST /api/v1/support/users/{uid}/age-check/reset', 403, 'admin_required', 'only admins reset an age check'),
      ),
    );
    const { user, part } = await openAgeCheck();
    await user.type(part.getByRole('textbox', { name: 'Reason' }), 'Ticket 89');
    await user.click(part.getByRole('button', { name: 'Review the reset' }));
    await user.click(part.getByRole('button', { name: 'Yes, reset the age check' }));

    expect(await part.findByRole('alert')).toHaveTextContent('The age check was not reset. Only admins reset an age check.');
    expect(part.getByTestId('age-check')).toHaveTextContent(/^Verified/);
  });

  it('has nothing to reset on a user who never verified', async () => {
    const never = makeSupportAgeCheck({ status: 'unverified', provider: null, reference: null, checkedAt: null });
    const { part } = await openAgeCheck(admin, makeSupportUser({}, { ageCheck: never }));
    expect(part.getByTestId('age-check')).toHaveTextContent(/^Unverified$/);
    expect(part.queryByRole('form')).not.toBeInTheDocument();
  });

  it("offers no reset of the admin's own age check", async () => {
    const { part } = await openAgeCheck(admin, makeSupportUser({ uid: STAFF_UID, email: admin.email, username: 'Sam' }));
    expect(part.getByTestId('age-check')).toHaveTextContent(/^Verified/);
    expect(part.queryByRole('form')).not.toBeInTheDocument();
    expect(db.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});
