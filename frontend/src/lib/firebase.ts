// The one place that talks to the Firebase SDK. Everything identity-related goes through these
// functions so unit tests can replace this module as a whole (vi.mock('@/lib/firebase')).
import { initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  updateProfile,
} from 'firebase/auth';

import { env } from '@/config/env';

/** The identity fields the UI relies on; a Firebase `User` satisfies it. */
export interface AuthUser {
  readonly uid: string;
  readonly email: string | null;
  readonly displayName: string | null;
}

const app = initializeApp(env.firebase);
const auth = getAuth(app);

// Must run before any other auth call, otherwise the SDK has already talked to production.
if (env.authEmulatorHost) {
  connectAuthEmulator(auth, `http://${env.authEmulatorHost}`, { disableWarnings: true });
}

export function currentUser(): AuthUser | null {
  return auth.currentUser;
}

/** Resolves once the persisted session (if any) has been restored. */
export function authStateReady(): Promise<void> {
  return auth.authStateReady();
}

export function observeAuthState(listener: (user: AuthUser | null) => void): () => void {
  return onAuthStateChanged(auth, listener);
}

export async function signIn(email: string, password: string): Promise<AuthUser> {
  const { user } = await signInWithEmailAndPassword(auth, email, password);
  return user;
}

export async function createAccount(
  email: string,
  password: string,
  displayName: string,
): Promise<AuthUser> {
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await updateProfile(user, { displayName });
  return user;
}

export function signOut(): Promise<void> {
  return firebaseSignOut(auth);
}

/** The bearer token for the gateway, or null when signed out; the SDK refreshes it as needed. */
export async function getIdToken(): Promise<string | null> {
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}
