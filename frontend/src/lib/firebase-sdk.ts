// The Firebase SDK itself, loaded on demand by lib/firebase.ts so the first page does not
// download it. Only the functions the app uses are imported, so the rest is tree-shaken.
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  verifyPasswordResetCode,
} from 'firebase/auth';

import { env } from '@/config/env';

// initializeAuth instead of getAuth: getAuth also bundles the popup/redirect sign-in code,
// which email and password sign-in never uses.
const app = initializeApp(env.firebase);
export const auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});

// Must run before any other auth call, otherwise the SDK has already talked to production.
if (env.authEmulatorHost) {
  connectAuthEmulator(auth, `http://${env.authEmulatorHost}`, { disableWarnings: true });
}

export const sdk = {
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  verifyPasswordResetCode,
};
