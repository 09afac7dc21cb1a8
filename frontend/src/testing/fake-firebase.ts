// Stands in for '@/lib/firebase' in unit tests (see setup-tests.ts): an in-memory identity
// provider with the same exports, so no test reaches the Firebase SDK or the network.
import type * as real from '@/lib/firebase';

type Listener = (user: real.AuthUser | null) => void;

interface Account {
  readonly uid: string;
  readonly email: string;
  readonly password: string;
  readonly claims: Record<string, unknown>;
  displayName: string | null;
  emailVerified: boolean;
}

let accounts: Account[] = [];
let current: Account | null = null;
const listeners = new Set<Listener>();

const publicUser = (account: Account): real.AuthUser => ({
  uid: account.uid,
  email: account.email,
  displayName: account.displayName,
  emailVerified: account.emailVerified,
});

const view = (account: Account | null): real.AuthUser | null => account && publicUser(account);

function setCurrent(account: Account | null) {
  current = account;
  for (const listener of listeners) listener(view(account));
}

// The shape of the real SDK's FirebaseError: its code, and the raw message no user should read.
const authError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (auth/${code}).`), { code: `auth/${code}` });

/** A password reset link the fake provider "emailed": its code and the page it continues to. */
interface ResetLink {
  readonly email: string;
  readonly oobCode: string;
  readonly continueUrl: string;
  state: 'issued' | 'used' | 'expired';
}

let resetLinks: ResetLink[] = [];
/** Email verification links sent: to whom, and the page each continues to. */
let verificationLinks: { readonly uid: string; readonly continueUrl: string }[] = [];
type Call =
  | 'signIn'
  | 'createAccount'
  | 'sendPasswordReset'
  | 'verifyPasswordResetCode'
  | 'confirmPasswordReset'
  | 'sendEmailVerification';

/** The error the next such call to the provider fails with, as the SDK would reject it. */
let nextFailure: { readonly code: string; readonly call: Call | 'any' } | null = null;

/** Rejects `call` with the failure a test arranged (fakeAuth.failNext), once. */
function arrangedFailure(call: Call): Promise<never> | null {
  if (nextFailure?.call !== call && nextFailure?.call !== 'any') return null;
  const { code } = nextFailure;
  nextFailure = null;
  return Promise.reject(authError(code));
}

interface NewAccount {
  readonly email: string;
  readonly password?: string;
  readonly displayName?: string | null;
  /** Custom claims of the account's ID tokens, such as the staff role `{ support: true }`. */
  readonly claims?: Record<string, unknown>;
  readonly emailVerified?: boolean;
}

function addAccount({ email, password, displayName, claims, emailVerified }: NewAccount): Account {
  const account: Account = {
    uid: `uid-${String(accounts.length + 1)}`,
    email,
    password: password ?? 'secret-password',
    displayName: displayName ?? null,
    claims: claims ?? {},
    emailVerified: emailVerified ?? false,
  };
  accounts.push(account);
  return account;
}

export const fakeAuth = {
  /** Adds an account that can sign in; with `signedIn` it is also the current user. */
  addAccount(account: NewAccount, signedIn = false): void {
    const created = addAccount(account);
    if (signedIn) setCurrent(created);
  },
  signedInUser(): real.AuthUser | null {
    return view(current);
  },
  /**
   * Deletes `uid`'s account, as the gateway's account deletion does: it can no longer sign in,
   * but a browser signed in to it keeps its user until it signs out, as the SDK does.
   */
  deleteAccount(uid: string): void {
    accounts = accounts.filter((account) => account.uid !== uid);
  },
  /** The custom claims of `uid`'s tokens (none for an unknown uid). */
  claimsOf(uid: string): Record<string, unknown> {
    return accounts.find((account) => account.uid === uid)?.claims ?? {};
  },
  /** Makes the next call to the provider (or the next `call`) fail with `auth/<code>`. */
  failNext(code: string, call: Call | 'any' = 'any'): void {
    nextFailure = { code, call };
  },
  /** The password reset links sent so far, oldest first. */
  resetLinks(): readonly ResetLink[] {
    return resetLinks;
  },
  /** Lets the reset link with `oobCode` expire, as the provider does after an hour. */
  expireResetLink(oobCode: string): void {
    const link = resetLinks.find((candidate) => candidate.oobCode === oobCode);
    if (link) link.state = 'expired';
  },
  /** The email verification links sent so far, oldest first. */
  verificationLinks(): readonly { readonly uid: string; readonly continueUrl: string }[] {
    return verificationLinks;
  },
  /** `uid` follows the link sent to their address: the provider now says it is verified. */
  verifyEmail(uid: string): void {
    const account = accounts.find((candidate) => candidate.uid === uid);
    if (account) account.emailVerified = true;
  },
  reset() {
    accounts = [];
    current = null;
    listeners.clear();
    resetLinks = [];
    verificationLinks = [];
    nextFailure = null;
  },
};

export const currentUser: typeof real.currentUser = () => view(current);

export const authStateReady: typeof real.authStateReady = () => Promise.resolve();

export const observeAuthState: typeof real.observeAuthState = (listener) => {
  listeners.add(listener);
  queueMicrotask(() => {
    if (listeners.has(listener)) listener(view(current));
  });
  return () => {
    listeners.delete(listener);
  };
};

export const signIn: typeof real.signIn = (email, password) => {
  const failed = arrangedFailure('signIn');
  if (failed) return failed;
  const account = accounts.find((candidate) => candidate.email === email);
  if (account?.password !== password) return Promise.reject(authError('invalid-credential'));
  setCurrent(account);
  return Promise.resolve(publicUser(account));
};

export const createAccount: typeof real.createAccount = (email, password, displayName) => {
  const failed = arrangedFailure('createAccount');
  if (failed) return failed;
  if (accounts.some((account) => account.email === email)) {
    return Promise.reject(authError('email-already-in-use'));
  }
  const account = addAccount({ email, password });
  // Like the SDK: the new user is announced before the display name is set.
  setCurrent(account);
  account.displayName = displayName;
  return Promise.resolve(publicUser(account));
};

// Like the emulator without email enumeration protection: an unknown address is refused.
export const sendPasswordReset: typeof real.sendPasswordReset = (email, continueUrl) => {
  const failed = arrangedFailure('sendPasswordReset');
  if (failed) return failed;
  if (!accounts.some((account) => account.email === email)) return Promise.reject(authError('user-not-found'));
  resetLinks.push({ email, oobCode: `oob-${String(resetLinks.length + 1)}`, continueUrl, state: 'issued' });
  return Promise.resolve();
};

function resetLinkOf(oobCode: string): ResetLink | Promise<never> {
  const link = resetLinks.find((candidate) => candidate.oobCode === oobCode);
  if (link?.state === 'expired') return Promise.reject(authError('expired-action-code'));
  if (link?.state !== 'issued') return Promise.reject(authError('invalid-action-code'));
  return link;
}

export const verifyPasswordResetCode: typeof real.verifyPasswordResetCode = (code) => {
  const failed = arrangedFailure('verifyPasswordResetCode');
  if (failed) return failed;
  const link = resetLinkOf(code);
  return link instanceof Promise ? link : Promise.resolve(link.email);
};

export const confirmPasswordReset: typeof real.confirmPasswordReset = (code, newPassword) => {
  const failed = arrangedFailure('confirmPasswordReset');
  if (failed) return failed;
  const link = resetLinkOf(code);
  if (link instanceof Promise) return link;
  if (newPassword.length < 6) return Promise.reject(authError('weak-password'));
  const index = accounts.findIndex((account) => account.email === link.email);
  const account = accounts[index];
  if (account) accounts[index] = { ...account, password: newPassword };
  link.state = 'used';
  return Promise.resolve();
};

export const sendEmailVerification: typeof real.sendEmailVerification = (continueUrl) => {
  const failed = arrangedFailure('sendEmailVerification');
  if (failed) return failed;
  if (!current) return Promise.reject(new Error('Sign in first.'));
  verificationLinks.push({ uid: current.uid, continueUrl });
  return Promise.resolve();
};

export const refreshEmailVerified: typeof real.refreshEmailVerified = () =>
  Promise.resolve(current?.emailVerified ?? false);

export const signOut: typeof real.signOut = () => {
  setCurrent(null);
  return Promise.resolve();
};

export const getIdToken: typeof real.getIdToken = () =>
  Promise.resolve(current ? `token-for-${current.uid}` : null);

export const getIdTokenClaims: typeof real.getIdTokenClaims = () => Promise.resolve(current?.claims ?? null);
