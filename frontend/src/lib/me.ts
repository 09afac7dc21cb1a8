import { createContext, useContext } from 'react';

import type { Me } from '@/types/api';

export interface MeState {
  /** The signed-in user's profile from `GET /api/v1/me`; null for a guest or while loading. */
  readonly me: Me | null;
  /** 'idle' for a guest (or before the session is restored). */
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  /** The gateway's message when the profile could not be loaded. */
  readonly error: string | null;
  /** Fetches the profile again (after a generation, a payment, a profile change). */
  readonly refresh: () => Promise<Me | null>;
  /** Replaces the profile with one the gateway just returned (e.g. from `POST /me`). */
  readonly update: (me: Me) => void;
}

export const MeContext = createContext<MeState | null>(null);

export function useMe(): MeState {
  const state = useContext(MeContext);
  if (!state) throw new Error('useMe must be used inside <MeProvider>');
  return state;
}

/** Pro comes from the gateway's `plan`, never from anything the browser stores. */
export function isPro(me: Me | null): boolean {
  return me?.plan === 'pro';
}

export function creditsLeft(me: Me): number {
  return Math.max(0, me.quota.limit - me.quota.used);
}
