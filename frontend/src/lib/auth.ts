import { createContext, useContext } from 'react';
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';

import { loginHref, paths, REDIRECT_PARAM, safeRedirect } from '@/config/paths';
import { authStateReady, currentUser, type AuthUser } from '@/lib/firebase';

export interface AuthState {
  /** The signed-in user, or null for a guest. */
  readonly user: AuthUser | null;
  /** False until the persisted session has been restored; before that `user` means nothing. */
  readonly ready: boolean;
  /** Re-reads the user after a profile change, which Firebase does not announce. */
  readonly refresh: () => void;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}

/**
 * Route loader for pages that need a signed-in user. It waits for the persisted session so a
 * reload does not bounce a signed-in user to the login page, and sends guests there with the
 * page to come back to.
 */
export async function requireUser({ request }: LoaderFunctionArgs): Promise<Response | null> {
  await authStateReady();
  if (currentUser()) return null;
  const { pathname, search } = new URL(request.url);
  return redirect(loginHref(pathname + search));
}

/**
 * Route loader for the login, registration and password reset request pages: a signed-in user
 * has nothing to do there, and goes where they were going (the login page's `redirectTo`) or
 * to Generate.
 */
export async function requireGuest({ request }: LoaderFunctionArgs): Promise<Response | null> {
  await authStateReady();
  if (!currentUser()) return null;
  const target = new URL(request.url).searchParams.get(REDIRECT_PARAM);
  return redirect(safeRedirect(target, paths.generate));
}
