import { screen, within } from '@testing-library/react';

import { StaffConsole } from '@/features/staff/components/staff-console';
import type { SupportUser } from '@/types/api';

import { db } from './mocks/db';
import { renderApp } from './render-app';

// Shared by the support console's test files.

/** The signed-in staff member: the fake identity's first account, so uid-1. */
export const staff = { email: 'sam@lucent.example', displayName: 'Sam', claims: { support: true } };
/** The same member of staff with the admin role as well. */
export const admin = { ...staff, claims: { support: true, admin: true } };
export const STAFF_UID = 'uid-1';

/**
 * The console with `user`'s card open, as a click on a search result leaves it (the search in
 * the URL too), signed in as `as`; the other users in `db.supportUsers` stay findable.
 */
export async function openCard(user: SupportUser, as: typeof staff = staff) {
  db.supportUsers = [user, ...db.supportUsers.filter(({ profile }) => profile.uid !== user.profile.uid)];
  const search = new URLSearchParams({ q: user.profile.email, uid: user.profile.uid }).toString();
  const view = renderApp(<StaffConsole />, { url: `/staff?${search}`, user: as });
  const region = await screen.findByRole('region', { name: user.profile.email });
  return { ...view, region, card: within(region) };
}

/** The console with no card open, once its review queue is on the page. */
export async function openQueue() {
  const view = renderApp(<StaffConsole />, { url: '/staff', user: staff });
  const region = await screen.findByRole('region', { name: 'Review queue' });
  const queue = within(region);
  await queue.findByRole('region', { name: 'Recent refusals' });
  return { ...view, region, queue };
}
