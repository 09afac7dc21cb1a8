import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { ApiError, client, unwrap } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { currentUser, signOut, type AuthUser } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-client';
import type { Me, ProfileBody } from '@/types/api';
import type { AccountDeletedState } from '@/types/navigation';

/** What the user reads when the gateway says their account was deleted (`POST /me` 410). */
export const ACCOUNT_DELETED = 'This account was deleted. Sign up again to start a new one.';

/** `POST /api/v1/me`: the one place the profile is written (registration, 18+, a missing one). */
export function saveProfile(body: ProfileBody): Promise<Me> {
  return unwrap(client.POST('/api/v1/me', { body }));
}

export function fallbackUsername(user: AuthUser): string {
  const name = user.displayName?.trim();
  if (name) return name;
  return user.email?.split('@')[0] ?? 'Lucent user';
}

/**
 * Loads the profile. A user without one (a registration whose `POST /me` failed, or an account
 * made elsewhere) gets it created from the identity's display name.
 */
async function loadMe(user: AuthUser): Promise<Me> {
  try {
    return await unwrap(client.GET('/api/v1/me'));
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'profile_missing')) throw error;
    // The SDK's own user, not the snapshot: during a registration the display name is set
    // after the account is announced. The gateway only ever raises ageConfirmed, so false
    // here cannot undo a confirmation.
    const latest = currentUser();
    return saveProfile({ username: fallbackUsername(latest?.uid === user.uid ? latest : user), ageConfirmed: false });
  }
}

/**
 * A token issued before its account was deleted (in another browser, or by staff) still
 * signs requests until it expires; `POST /me` answers it 410 `account_deleted` rather than
 * start the account afresh.
 */
function isAccountDeleted(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'account_deleted';
}

/**
 * For an error saying the account was deleted, ends its session as a deletion made here does:
 * signed out, nothing cached kept, and on to the page that says so. Any other error is left to
 * the caller. Safe to call twice.
 */
export function useLeaveIfDeleted() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (error: unknown) => {
      if (!isAccountDeleted(error)) return;
      await signOut();
      queryClient.removeQueries();
      const state: AccountDeletedState = { kept: null };
      await navigate(paths.accountDeleted, { replace: true, state });
    },
    [queryClient, navigate],
  );
}

export interface MeState {
  /** The signed-in user's profile from `GET /api/v1/me`; null for a guest or while loading. */
  readonly me: Me | null;
  /** 'idle' for a guest (or before the session is restored). */
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  /** The gateway's message when the profile could not be loaded. */
  readonly error: string | null;
  readonly retry: () => void;
}

/** The profile query of `user` (disabled for a guest). */
export function meQuery(user: AuthUser | null) {
  return queryOptions({
    queryKey: queryKeys.me(user?.uid ?? null),
    queryFn: () => (user ? loadMe(user) : Promise.reject(new Error('signed out'))),
    enabled: user !== null,
  });
}

interface MeOptions {
  /** How often to ask again while the page follows something the gateway decides (an age check). */
  readonly refetchInterval?: (me: Me | undefined) => number | false;
  /** False for a part of a page that only reads what the page already follows. */
  readonly refetchOnMount?: boolean;
}

/**
 * The signed-in user's profile, fetched once per sign-in and shared through the query cache
 * (and, with `refetchInterval`, asked for again while a page waits on it).
 */
export function useMe({ refetchInterval, refetchOnMount = true }: MeOptions = {}): MeState {
  const { user, ready } = useAuth();
  const signedIn = ready ? user : null;
  const query = useQuery({
    ...meQuery(signedIn),
    refetchInterval: refetchInterval ? (current) => refetchInterval(current.state.data) : false,
    refetchOnMount,
  });
  const leaveIfDeleted = useLeaveIfDeleted();
  // Loading a missing profile creates it, which an account deleted meanwhile cannot.
  useEffect(() => {
    void leaveIfDeleted(query.error);
  }, [query.error, leaveIfDeleted]);
  let status: MeState['status'] = 'ready';
  if (!signedIn) status = 'idle';
  else if (query.isPending) status = 'loading';
  else if (query.isError) status = 'error';
  return {
    me: signedIn ? (query.data ?? null) : null,
    status,
    error: query.error?.message ?? null,
    retry: () => void query.refetch(),
  };
}

/** Saves the profile and puts the gateway's answer in the cache. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const leaveIfDeleted = useLeaveIfDeleted();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (me) => {
      queryClient.setQueryData(queryKeys.me(me.uid), me);
    },
    onError: (error) => void leaveIfDeleted(error),
  });
}

/** Pro comes from the gateway's `plan`, never from anything the browser stores. */
export function isPro(me: Me | null): boolean {
  return me?.plan === 'pro';
}

export function creditsLeft(me: Me): number {
  return Math.max(0, me.quota.limit - me.quota.used);
}
