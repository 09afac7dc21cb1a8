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
}

let accounts: Account[] = [];
let current: Account | null = null;
const listeners = new Set<Listener>();

const publicUser = (account: Account): real.AuthUser => ({
  uid: account.uid,
  email: account.email,
  displayName: account.displayName,
});

const view = (account: Account | null): real.AuthUser | null => account && publicUser(account);

function setCurrent(account: Account | null) {
  current = account;
  for (const listener of listeners) listener(view(account));
}

// The messages have the shape the real SDK produces.
const authError = (code: string) => new Error(`Firebase: Error (auth/${code}).`);

interface NewAccount {
  readonly email: string;
  readonly password?: string;
  readonly displayName?: string | null;
  /** Custom claims of the account's ID tokens, such as the staff role `{ support: true }`. */
  readonly claims?: Record<string, unknown>;
}

function addAccount({ email, password, displayName, claims }: NewAccount): Account {
  const account: Account = {
    uid: `uid-${String(accounts.length + 1)}`,
    email,
    password: password ?? 'secret-password',
    displayName: displayName ?? null,
    claims: claims ?? {},
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
  reset() {
    accounts = [];
    current = null;
    listeners.clear();
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
  const account = accounts.find((candidate) => candidate.email === email);
  if (account?.password !== password) return Promise.reject(authError('invalid-credential'));
  setCurrent(account);
  return Promise.resolve(publicUser(account));
};

export const createAccount: typeof real.createAccount = (email, password, displayName) => {
  if (accounts.some((account) => account.email === email)) {
    return Promise.reject(authError('email-already-in-use'));
  }
  const account = addAccount({ email, password });
  // Like the SDK: the new user is announced before the display name is set.
  setCurrent(account);
  account.displayName = displayName;
  return Promise.resolve(publicUser(account));
};

export const signOut: typeof real.signOut = () => {
  setCurrent(null);
  return Promise.resolve();
};

export const getIdToken: typeof real.getIdToken = () =>
  Promise.resolve(current ? `token-for-${current.uid}` : null);

export const getIdTokenClaims: typeof real.getIdTokenClaims = () => Promise.resolve(current?.claims ?? null);
