import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';

import { AuthContext, type AuthState } from '@/lib/auth';
import { authStateReady, currentUser, observeAuthState, type AuthUser } from '@/lib/firebase';

// A copy, not the SDK's object: Firebase mutates its User in place (updateProfile, reload),
// which React would not notice.
function snapshot(user: AuthUser | null): AuthUser | null {
  return user && { uid: user.uid, email: user.email, displayName: user.displayName, emailVerified: user.emailVerified };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState(() => snapshot(currentUser()));
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let active = true;
    const unsubscribe = observeAuthState((next) => {
      setUser(snapshot(next));
    });
    void authStateReady().then(() => {
      if (active) setReady(true);
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);

  const refresh = useCallback(() => {
    setUser(snapshot(currentUser()));
  }, []);

  const value = useMemo<AuthState>(() => ({ user, ready, refresh }), [user, ready, refresh]);
  return <AuthContext value={value}>{children}</AuthContext>;
}
