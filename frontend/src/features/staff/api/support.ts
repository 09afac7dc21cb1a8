import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';

import { ApiError, client, unwrap } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { getIdTokenClaims } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-client';
import type {
  AccountDeleted,
  AgeResetBody,
  CreditsBody,
  FoundUser,
  Generation,
  GenerationPage,
  GrantsToday,
  PlanBody,
  RoleBody,
  StaffAccount,
  SupportUser,
} from '@/types/api';

// Everything the console caches sits under ['support'], apart from the previews' bytes (the
// shared image cache). A user's images sit under the user's key, so invalidating the user
// reloads both the card and the images.
export const supportKeys = {
  role: (uid: string | null) => ['support', 'role', uid] as const,
  searches: ['support', 'users'] as const,
  search: (q: string) => ['support', 'users', q] as const,
  user: (uid: string) => ['support', 'user', uid] as const,
  images: (uid: string) => ['support', 'user', uid, 'images'] as const,
  review: ['support', 'review'] as const,
  grants: ['support', 'grants'] as const,
  grantsOf: (uid: string | null) => ['support', 'grants', uid] as const,
};

/** Previews per page of a user's images. */
export const IMAGES_PAGE_SIZE = 12;

/** Like the gateway: a role claim counts only when it is exactly `true`. */
export function isStaff(claims: Record<string, unknown> | null): boolean {
  return claims?.support === true || claims?.admin === true;
}

/** The roles the signed-in user's ID token names (the gateway checks the account as well). */
export interface StaffRoles {
  readonly staff: boolean;
  /** May grant and revoke roles. */
  readonly admin: boolean;
}

/** The signed-in user's roles; pending until the token is read. */
export function useStaffRole() {
  const { user, ready } = useAuth();
  const uid = ready ? (user?.uid ?? null) : null;
  return useQuery({
    queryKey: supportKeys.role(uid),
    queryFn: async (): Promise<StaffRoles> => {
      const claims = await getIdTokenClaims();
      return { staff: isStaff(claims), admin: claims?.admin === true };
    },
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

/** A user's images, newest first, a page at a time; every preview is blurred. */
export function userImagesQuery(uid: string) {
  return infiniteQueryOptions({
    queryKey: supportKeys.images(uid),
    queryFn: ({ pageParam, signal }): Promise<GenerationPage> => {
      const query = pageParam ? { limit: IMAGES_PAGE_SIZE, cursor: pageParam } : { limit: IMAGES_PAGE_SIZE };
      return unwrap(
        client.GET('/api/v1/support/users/{uid}/generations', { params: { path: { uid }, query }, signal }),
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? null,
  });
}

/**
 * What the signed-in staff member may still grant today: a support member's bonus credits and
 * Premium plans left; none of them for an admin, whose grants are not capped.
 */
export function useGrantsToday() {
  const { user, ready } = useAuth();
  const uid = ready ? (user?.uid ?? null) : null;
  return useQuery({
    queryKey: supportKeys.grantsOf(uid),
    queryFn: (): Promise<GrantsToday> => unwrap(client.GET('/api/v1/support/grants')),
    enabled: uid !== null,
  });
}

/** A grant given or refused changes what is left today (a refusal says so, and others may have given meanwhile). */
function useRefreshGrants() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: supportKeys.grants });
}

/**
 * What every change by hand does with the gateway's answer (the user after the change): it
 * becomes the card at once, audit trail included, and the searches (their why sentences) reload.
 */
export function useShowChangedUser() {
  const queryClient = useQueryClient();
  return (user: SupportUser) => {
    queryClient.setQueryData(supportKeys.user(user.profile.uid), user);
    void queryClient.invalidateQueries({ queryKey: supportKeys.searches });
  };
}

/** `POST …/plan`: sets the plan by hand (pro until a day, pro without end, or free). */
export function useSetPlan(uid: string) {
  const showChanged = useShowChangedUser();
  const refreshGrants = useRefreshGrants();
  return useMutation({
    mutationFn: (body: PlanBody) =>
      unwrap(client.POST('/api/v1/support/users/{uid}/plan', { params: { path: { uid } }, body })),
    onSuccess: showChanged,
    onSettled: refreshGrants,
  });
}

/** `POST …/credits`: bonus credits for the user's current period. */
export function useAddCredits(uid: string) {
  const showChanged = useShowChangedUser();
  const refreshGrants = useRefreshGrants();
  return useMutation({
    mutationFn: (body: CreditsBody) =>
      unwrap(client.POST('/api/v1/support/users/{uid}/credits', { params: { path: { uid } }, body })),
    onSuccess: showChanged,
    onSettled: refreshGrants,
  });
}

/** `POST …/age-check/reset` (admins only): the user is unverified again, and must verify to see explicit images. */
export function useResetAgeCheck(uid: string) {
  const showChanged = useShowChangedUser();
  return useMutation({
    mutationFn: (body: AgeResetBody) =>
      unwrap(client.POST('/api/v1/support/users/{uid}/age-check/reset', { params: { path: { uid } }, body })),
    onSuccess: showChanged,
  });
}

/**
 * `DELETE …/generations/{id}` (an abuse report). The answer is empty, so the image leaves the
 * list at once and the card (its audit trail) and the images are loaded again. `onDeleted` runs
 * first, while the image's card (whose form started the delete) is still on the page.
 */
export function useDeleteImage(uid: string, onDeleted: (image: Generation) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, reason }: { image: Generation; reason: string }) => {
      await unwrap(
        client.DELETE('/api/v1/support/users/{uid}/generations/{id}', {
          params: { path: { uid, id: image.id } },
          body: { reason },
        }),
      );
      return image;
    },
    onSuccess: async (image) => {
      onDeleted(image);
      queryClient.setQueryData<InfiniteData<GenerationPage, string | null>>(supportKeys.images(uid), (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== image.id) })),
        },
      );
      queryClient.removeQueries({ queryKey: queryKeys.image(image.imageUrl) });
      await queryClient.invalidateQueries({ queryKey: supportKeys.user(uid) });
    },
  });
}

/**
 * `DELETE /api/v1/support/users/{uid}`: deletes the account as its owner could (safe to ask
 * again). `onDeleted` runs first, while the form that asked is still on the page. The card is
 * then loaded afresh, without the old one in between: gone (a 404), or the profile the content
 * rules hold for review. The searches and the review queue (the account's refusals) reload.
 */
export function useDeleteUser(uid: string, onDeleted: (deleted: AccountDeleted) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      unwrap(client.DELETE('/api/v1/support/users/{uid}', { params: { path: { uid } }, body: { reason } })),
    onSuccess: async (deleted) => {
      onDeleted(deleted);
      // Exact: the images are not asked for again while the card that shows them leaves.
      await Promise.all([
        queryClient.resetQueries({ queryKey: supportKeys.user(uid), exact: true }),
        queryClient.invalidateQueries({ queryKey: supportKeys.searches }),
        queryClient.invalidateQueries({ queryKey: supportKeys.review }),
      ]);
    },
  });
}

/** `POST /api/v1/support/staff`: an admin grants or revokes a console role by email. */
export function useSetRole() {
  return useMutation({
    mutationFn: (body: RoleBody): Promise<StaffAccount> => unwrap(client.POST('/api/v1/support/staff', { body })),
  });
}
