import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, client, unwrap } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { getIdTokenClaims } from '@/lib/firebase';
import type { FoundUser, SupportUser } from '@/types/api';

// Everything the console caches sits under ['support'], apart from the user's own resources.
const supportKeys = {
  role: (uid: string | null) => ['support', 'role', uid] as const,
  search: (q: string) => ['support', 'users', q] as const,
  user: (uid: string) => ['support', 'user', uid] as const,
};

/** Like the gateway: a role claim counts only when it is exactly `true`. */
export function isStaff(claims: Record<string, unknown> | null): boolean {
  return claims?.support === true || claims?.admin === true;
}

/** Whether the signed-in user's ID token names a staff role; pending until the token is read. */
export function useStaffRole() {
  const { user, ready } = useAuth();
  const uid = ready ? (user?.uid ?? null) : null;
  return useQuery({
    queryKey: supportKeys.role(uid),
    queryFn: async () => isStaff(await getIdTokenClaims()),
    enabled: uid !== null,
  });
}

/**
 * The gateway answers anyone without a staff role (a revoked one included) as a path that does
 * not exist, so a 404 to a search means "not staff", never "nobody found" (an empty list).
 */
export function isNotStaff(error: Error | null): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function searchQuery(q: string) {
  return queryOptions({
    queryKey: supportKeys.search(q),
    queryFn: async (): Promise<FoundUser[]> =>
      (await unwrap(client.GET('/api/v1/support/users', { params: { query: { q } } }))).users,
    enabled: q !== '',
  });
}

export function supportUserQuery(uid: string) {
  return queryOptions({
    queryKey: supportKeys.user(uid),
    queryFn: (): Promise<SupportUser> =>
      unwrap(client.GET('/api/v1/support/users/{uid}', { params: { path: { uid } } })),
  });
}
