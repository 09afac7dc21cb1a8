import type { AdminOnly, SupportUser } from '@/types/api';

import { useStaffRole } from '../api/support';

const nothing: AdminOnly = { staffAccount: false, paysForPremium: false };

/**
 * What on `user`'s account only an admin may change, for the signed-in staff member: the card's
 * `adminOnly` for support, nothing for an admin. The gateway refuses it with 403
 * `admin_required`, so the card says why instead of offering a form bound to fail. Until the
 * token is read, as for support: a form shown a moment late beats one refused.
 */
export function useAdminOnly(user: SupportUser): AdminOnly {
  const role = useStaffRole();
  return role.data?.admin === true ? nothing : user.adminOnly;
}
