import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { StaffConsole } from '@/features/staff/components/staff-console';
import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeSupportUser } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';
import { admin, staff } from '@/testing/staff-console';

const STAFF = '/api/v1/support/staff';
interface Signed {
  readonly email: string;
  readonly displayName: string;
  readonly claims: Record<string, unknown>;
}

async function openConsole(as: Signed) {
  db.supportUsers = [makeSupportUser({ uid: 'uid-tess', email: 'tess@example.com', username: 'Tess' })];
  const view = renderApp(<StaffConsole />, { url: '/staff', user: as });
  await screen.findByRole('heading', { name: 'Support console' });
  return view;
}

/** The console as an admin sees it, and its roles section. */
async function openRoles() {
  const view = await openConsole(admin);
  return { ...view, form: within(screen.getByRole('region', { name: 'Staff roles' })) };
}

describe('Support console: staff roles', () => {
  it('lets an admin give a role by email after a confirmation, and says what the account has now', async () => {
    const { user, form } = await openRoles();
    await user.type(form.getByRole('textbox', { name: 'Account email' }), 'tess@example.com');
    await user.type(form.getByRole('textbox', { name: 'Reason' }), 'Joined the support team');
    await user.click(form.getByRole('button', { name: 'Review the role change' }));

    const yes = within(form.getByRole('group', { name: 'Give tess@example.com the Support role?' })).getByRole(
      'button',
      { name: 'Yes, change the role' },
    );
    expect(yes).toHaveFocus();
    expect(requestsTo('POST', STAFF)).toHaveLength(0);
    await user.click(yes);

    expect(await form.findByRole('status')).toHaveTextContent('Done: tess@example.com now has the Support role.');
    expect(requestsTo('POST', STAFF).map((request) => request.body)).toEqual([
      { email: 'tess@example.com', role: 'support', granted: true, reason: 'Joined the support team' },
    ]);
  });

  it('revokes a role', async () => {
    db.staffRoles['uid-tess'] = { support: true, admin: false };
    const { user, form } = await openRoles();
    await user.type(form.getByRole('textbox', { name: 'Account email' }), 'tess@example.com');
    await user.click(form.getByRole('radio', { name: 'Revoke' }));
    await user.type(form.getByRole('textbox', { name: 'Reason' }), 'Left the team');
    await user.click(form.getByRole('button', { name: 'Review the role change' }));
    await user.click(
      within(form.getByRole('group', { name: 'Take the Support role from tess@example.com?' })).getByRole('button', {
        name: 'Yes, change the role',
      }),
    );

    expect(await form.findByRole('status')).toHaveTextContent('Done: tess@example.com now has no staff role.');
  });

  it('is not shown to support staff who are not admins', async () => {
    await openConsole(staff);
    expect(screen.queryByRole('region', { name: 'Staff roles' })).not.toBeInTheDocument();
  });

  it('says when no account has the email, or when the gateway finds the caller is not an admin after all', async () => {
    const { user, form } = await openRoles();
    const email = form.getByRole('textbox', { name: 'Account email' });
    await user.type(email, 'nobody@example.com');
    await user.type(form.getByRole('textbox', { name: 'Reason' }), 'x');
    await user.click(form.getByRole('button', { name: 'Review the role change' }));
    await user.click(form.getByRole('button', { name: 'Yes, change the role' }));
    expect(await form.findByRole('alert')).toHaveTextContent(/^No role was changed\. Account not found\.$/);

    server.use(
      http.post(STAFF, () => fail('POST /api/v1/support/staff', 403, 'admin_required', 'only admins grant and revoke roles')),
    );
    await user.click(form.getByRole('button', { name: 'Review the role change' }));
    await user.click(form.getByRole('button', { name: 'Yes, change the role' }));
    expect(await form.findByRole('alert')).toHaveTextContent('No role was changed. Only admins grant and revoke roles.');
  });
});
