// The local stack's identity and API, used directly: accounts come from the real Firebase
// Auth emulator, and every call goes to the gateway as the browser's would.
import { BASE_URL } from './browser.js';

export const AUTH_EMULATOR = process.env.E2E_AUTH_EMULATOR ?? 'http://127.0.0.1:9099';

/** A fresh account in the Auth emulator: its uid, email, password and ID token. */
export async function signUp(name = 'user') {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'secret-password';
  const response = await fetch(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = await response.json();
  return { uid: body.localId, email, password, token: body.idToken };
}

/** A call to the gateway; returns status, headers and the parsed body (JSON or bytes). */
export async function call(method, path, { token, json, form, redirect = 'follow' } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    body = new URLSearchParams(form);
  }
  const response = await fetch(`${BASE_URL}${path}`, { method, headers, body, redirect });
  const type = response.headers.get('content-type') ?? '';
  const parsed = type.includes('json')
    ? await response.json()
    : type.startsWith('image/')
      ? Buffer.from(await response.arrayBuffer())
      : await response.text();
  return { status: response.status, headers: response.headers, body: parsed };
}

/** Sets the account's display name in the Auth emulator, as registration in the app does. */
export async function setDisplayName(user, displayName) {
  const response = await fetch(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: user.token, displayName, returnSecureToken: false }),
    },
  );
  if (!response.ok) throw new Error(`display name update failed: ${response.status} ${await response.text()}`);
}

/** Signs `user` in again with their password; returns a fresh ID token (with the current claims). */
export async function signIn(user) {
  const response = await fetch(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()).idToken;
}

/**
 * Gives `user` console roles (`{ support: true }`, or with `admin: true` as well), as `lucent
 * staff grant` does: the account's custom claims, set through the emulator's admin API (the
 * owner token), replacing any others. Then signs in again, since only a new ID token carries the
 * claims; returns the user with that token.
 */
export async function grantRoles(user, roles) {
  const response = await fetch(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/projects/demo-lucent/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({
        localId: user.uid,
        // Roles count only on a verified email (src/auth/identity_toolkit.rs).
        emailVerified: true,
        customAttributes: JSON.stringify(roles),
      }),
    },
  );
  if (!response.ok) throw new Error(`granting ${JSON.stringify(roles)} failed: ${response.status} ${await response.text()}`);
  return { ...user, token: await signIn(user) };
}

/** Gives `user` the support role (see grantRoles). */
export function grantSupportRole(user) {
  return grantRoles(user, { support: true });
}
