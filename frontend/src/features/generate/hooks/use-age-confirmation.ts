import { useState } from 'react';

import { useAuth } from '@/lib/auth';
import { fallbackUsername, useMe, useSaveProfile } from '@/lib/me';
import type { Style } from '@/types/api';

/**
 * The 18+ confirmation the explicit style needs: the profile's (saved through `POST /me`), or
 * for a guest this page's. `choose` runs `select` at once when confirmed, otherwise after the
 * dialog is confirmed.
 */
export function useAgeConfirmation(select: (style: Style) => void) {
  const { user } = useAuth();
  const { me } = useMe();
  const save = useSaveProfile();
  const [guestConfirmed, setGuestConfirmed] = useState(false);
  const [asking, setAsking] = useState<Style | null>(null);
  const confirmed = user ? (me?.ageConfirmed ?? false) : guestConfirmed;

  function choose(style: Style) {
    if (!style.nsfw || confirmed) {
      select(style);
      return;
    }
    save.reset();
    setAsking(style);
  }

  function done(style: Style) {
    select(style);
    setAsking(null);
  }

  function confirm() {
    if (!asking) return;
    const style = asking;
    if (!user) {
      setGuestConfirmed(true);
      done(style);
      return;
    }
    save.mutate(
      { username: me?.username ?? fallbackUsername(user), ageConfirmed: true },
      { onSuccess: () => { done(style); } },
    );
  }

  return {
    /** The style waiting for the confirmation; null when the dialog is closed. */
    asking,
    pending: save.isPending,
    error: save.error?.message ?? null,
    choose,
    confirm,
    dismiss: () => {
      setAsking(null);
    },
  };
}
