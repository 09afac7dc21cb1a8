// The real lib/firebase (every other test uses the fake): the SDK must load only when needed.
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type * as FirebaseModule from './firebase';

const state = vi.hoisted(() => ({
  imported: 0,
  user: null as {
    uid: string;
    email: string;
    displayName: string;
    getIdToken: () => Promise<string>;
    getIdTokenResult: () => Promise<{ claims: Record<string, unknown> }>;
  } | null,
  listeners: [] as ((user: unknown) => void)[],
}));

function fakeSdk() {
  state.imported += 1;
  const auth = {
    get currentUser() {
      return state.user;
    },
    authStateReady: () => Promise.resolve(),
  };
  return {
    auth,
    sdk: {
      onAuthStateChanged: (_auth: unknown, listener: (user: unknown) => void) => {
        state.listeners.push(listener);
        return () => {
          state.listeners = state.listeners.filter((entry) => entry !== listener);
        };
      },
      signInWithEmailAndPassword: () => Promise.resolve({ user: state.user }),
      createUserWithEmailAndPassword: () => Promise.resolve({ user: state.user }),
      updateProfile: () => Promise.resolve(),
      signOut: () => Promise.resolve(),
    },
  };
}

/** A fresh copy of the real module, with a fresh stand-in for the SDK module it imports. */
async function load(): Promise<typeof FirebaseModule> {
  vi.resetModules();
  vi.doMock('./firebase-sdk', fakeSdk);
  return vi.importActual<typeof FirebaseModule>('./firebase');
}

const nextFrame = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => {
      setTimeout(resolve, 5);
    });
  });

// Test files share a worker's modules (isolate: false): the next file must not get this SDK stand-in.
afterAll(() => {
  vi.doUnmock('./firebase-sdk');
});

beforeEach(() => {
  state.imported = 0;
  state.listeners = [];
  state.user = {
    uid: 'u1',
    email: 'ada@example.com',
    displayName: 'Ada',
    getIdToken: () => Promise.resolve('id-token'),
    getIdTokenResult: () => Promise.resolve({ claims: { sub: 'u1', support: true } }),
  };
});

describe('lib/firebase (lazy SDK)', () => {
  it('does not load the SDK for a guest who never signs in', async () => {
    const firebase = await load();
    expect(firebase.currentUser()).toBeNull();
    await expect(firebase.getIdToken()).resolves.toBeNull();
    expect(state.imported).toBe(0);
  });

  it('starts observing the auth state only after the first paint', async () => {
    const firebase = await load();
    const listener = vi.fn();
    firebase.observeAuthState(listener);
    expect(state.imported).toBe(0);
    await nextFrame();
    await vi.waitFor(() => {
      expect(state.listeners).toHaveLength(1);
    });
    expect(state.imported).toBe(1);
  });

  it('never subscribes when unsubscribed before the SDK arrived', async () => {
    const firebase = await load();
    const unsubscribe = firebase.observeAuthState(vi.fn());
    unsubscribe();
    await nextFrame();
    await firebase.authStateReady();
    expect(state.listeners).toHaveLength(0);
  });

  it('loads the SDK for a session check, then serves the user and their token', async () => {
    const firebase = await load();
    await firebase.authStateReady();
    expect(state.imported).toBe(1);
    expect(firebase.currentUser()?.uid).toBe('u1');
    await expect(firebase.getIdToken()).resolves.toBe('id-token');
  });

  it("reads the ID token's claims (where staff roles are), and none for a guest", async () => {
    const firebase = await load();
    await expect(firebase.getIdTokenClaims()).resolves.toMatchObject({ support: true });
    state.user = null;
    await expect(firebase.getIdTokenClaims()).resolves.toBeNull();
  });
});
