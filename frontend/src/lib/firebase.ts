// The one place that talks to the Firebase SDK. Everything identity-related goes through these
// functions so unit tests can replace this module as a whole (vi.mock('@/lib/firebase')).
//
// The SDK is large, so it is loaded lazily: the first call that needs it imports
// ./firebase-sdk, and auth-state observation starts only after the first paint. Until then
// currentUser() is null and authStateReady() is pending, which the UI already treats as
// "session not restored yet".

import type * as FirebaseSdk from './firebase-sdk';

/** The identity fields the UI relies on; a Firebase `User` satisfies it. */
export interface AuthUser {
  readonly uid: string;
  readonly email: string | null;
  readonly displayName: string | null;
  /** The provider says the person followed a link sent to `email`. */
  readonly emailVerified: boolean;
}

type Sdk = typeof FirebaseSdk;

let loading: Promise<Sdk> | null = null;
let loaded: Sdk | null = null;

function loadSdk(): Promise<Sdk> {
  loading ??= import('./firebase-sdk').then((sdk) => {
    loaded = sdk;
    return sdk;
  });
  return loading;
}

/** Runs `task` after the browser has painted the first frame. */
function afterPaint(task: () => void): void {
  if (typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(() => {
      setTimeout(task, 0);
    });
  } else {
    setTimeout(task, 0);
  }
}

export function currentUser(): AuthUser | null {
  return loaded?.auth.currentUser ?? null;
}

/** Resolves once the persisted session (if any) has been restored. */
export async function authStateReady(): Promise<void> {
  const { auth } = await loadSdk();
  await auth.authStateReady();
}

export function observeAuthState(listener: (user: AuthUser | null) => void): () => void {
  let unsubscribe: (() => void) | null = null;
  let active = true;
  afterPaint(() => {
    void loadSdk().then(({ auth, sdk }) => {
      if (active) unsubscribe = sdk.onAuthStateChanged(auth, listener);
    });
  });
  return () => {
    active = false;
    unsubscribe?.();
  };
}

export async function signIn(email: string, password: string): Promise<AuthUser> {
  const { auth, sdk } = await loadSdk();
  const { user } = await sdk.signInWithEmailAndPassword(auth, email, password);
  return user;
}

export async function createAccount(
  email: string,
  password: string,
  displayName: string,
): Promise<AuthUser> {
  const { auth, sdk } = await loadSdk();
  const { user } = await sdk.createUserWithEmailAndPassword(auth, email, password);
  await sdk.updateProfile(user, { displayName });
  return user;
}

/**
 * Emails a link to choose a new password. The link carries `continueUrl` (our page that completes
 * the reset); with `handleCodeInApp` Firebase's own action page hands the code straight to it
 * rather than asking for the password itself. The Auth emulator ignores `handleCodeInApp`.
 */
export async function sendPasswordReset(email: string, continueUrl: string): Promise<void> {
  const { auth, sdk } = await loadSdk();
  await sdk.sendPasswordResetEmail(auth, email, { url: continueUrl, handleCodeInApp: true });
}

/** The email of the account a reset link's `oobCode` is for; rejects a used, expired or unknown code. */
export async function verifyPasswordResetCode(code: string): Promise<string> {
  const { auth, sdk } = await loadSdk();
  return sdk.verifyPasswordResetCode(auth, code);
}

/** Sets the new password with a reset link's `oobCode`, which it uses up. */
export async function confirmPasswordReset(code: string, newPassword: string): Promise<void> {
  const { auth, sdk } = await loadSdk();
  await sdk.confirmPasswordReset(auth, code, newPassword);
}

/**
 * Emails the signed-in user a link that verifies their address and then continues to
 * `continueUrl`. A deleted account's standing follows a verified address only
 * (docs/ARCHITECTURE.md, "A standing that survives a new sign-up").
 */
export async function sendEmailVerification(continueUrl: string): Promise<void> {
  const { auth, sdk } = await loadSdk();
  if (!auth.currentUser) throw new Error('Sign in first.');
  await sdk.sendEmailVerification(auth.currentUser, { url: continueUrl });
}

/**
 * Reads the signed-in user again from the provider and takes a fresh ID token, so the gateway
 * sees an address verified since; whether it is verified now.
 */
export async function refreshEmailVerified(): Promise<boolean> {
  const { auth } = await loadSdk();
  const user = auth.currentUser;
  if (!user) return false;
  await user.reload();
  if (user.emailVerified) await user.getIdToken(true);
  return user.emailVerified;
}

export async function signOut(): Promise<void> {
  const { auth, sdk } = await loadSdk();
  await sdk.signOut(auth);
}

/** The bearer token for the gateway, or null when signed out; the SDK refreshes it as needed. */
export async function getIdToken(): Promise<string | null> {
  // Nobody can be signed in before the SDK has started loading; no need to load it for a guest.
  if (!loading) return null;
  const { auth } = await loading;
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

/** The custom claims of the signed-in user's ID token (staff roles live here), or null for a guest. */
export async function getIdTokenClaims(): Promise<Record<string, unknown> | null> {
  const { auth } = await loadSdk();
  await auth.authStateReady();
  return auth.currentUser ? (await auth.currentUser.getIdTokenResult()).claims : null;
}
