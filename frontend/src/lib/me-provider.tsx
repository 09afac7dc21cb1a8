import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

import { api, ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { currentUser, type AuthUser } from '@/lib/firebase';
import { MeContext, type MeState } from '@/lib/me';
import type { Me } from '@/types/api';

function fallbackUsername(user: AuthUser): string {
  const name = user.displayName?.trim();
  if (name) return name;
  return user.email?.split('@')[0] ?? 'Lucent user';
}

/**
 * Loads the profile. A user without one (a registration whose `POST /me` failed, or an account
 * made elsewhere) gets it created from the identity's display name, then it is read again.
 */
async function loadMe(user: AuthUser): Promise<Me> {
  try {
    return await api.get<Me>('/me');
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'profile_missing')) throw error;
    // The SDK's own user, not the snapshot: during a registration the display name is set
    // after the account is announced. The gateway only ever raises ageConfirmed, so false
    // here cannot undo a confirmation.
    const latest = currentUser();
    const name = fallbackUsername(latest?.uid === user.uid ? latest : user);
    return api.post<Me>('/me', { username: name, ageConfirmed: false });
  }
}

interface Entry {
  /** The user this entry belongs to; an entry for anyone else is stale. */
  readonly uid: string | null;
  readonly me: Me | null;
  readonly status: MeState['status'];
  readonly error: string | null;
}

const guest: Entry = { uid: null, me: null, status: 'idle', error: null };

/** Fetches `/me` once per sign-in and shares it; see `useMe()`. */
export function MeProvider({ children }: { readonly children: ReactNode }) {
  const { user, ready } = useAuth();
  const signedIn = ready ? user : null;
  const uid = signedIn?.uid ?? null;
  const [entry, setEntry] = useState<Entry>(guest);
  const latest = useRef<AuthUser | null>(signedIn);

  const fetchMe = useCallback(async (): Promise<Me | null> => {
    const forUser = latest.current;
    if (!forUser) return null;
    const stillCurrent = () => latest.current?.uid === forUser.uid;
    try {
      const me = await loadMe(forUser);
      if (!stillCurrent()) return null;
      setEntry({ uid: forUser.uid, me, status: 'ready', error: null });
      return me;
    } catch (cause) {
      if (!stillCurrent()) return null;
      const error = cause instanceof Error ? cause.message : String(cause);
      setEntry((previous) => ({
        uid: forUser.uid,
        me: previous.uid === forUser.uid ? previous.me : null,
        status: 'error',
        error,
      }));
      return null;
    }
  }, []);

  useEffect(() => {
    latest.current = signedIn;
  });

  useEffect(() => {
    if (uid) void fetchMe();
  }, [uid, fetchMe]);

  const update = useCallback((me: Me) => {
    if (me.uid === latest.current?.uid) setEntry({ uid: me.uid, me, status: 'ready', error: null });
  }, []);

  // Until the first answer for this user arrives, the entry still describes the previous one.
  const current: Entry =
    entry.uid === uid ? entry : { uid, me: null, status: uid ? 'loading' : 'idle', error: null };

  const value = useMemo<MeState>(
    () => ({ me: current.me, status: current.status, error: current.error, refresh: fetchMe, update }),
    [current.me, current.status, current.error, fetchMe, update],
  );
  return <MeContext value={value}>{children}</MeContext>;
}
