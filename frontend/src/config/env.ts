type EnvName =
  | 'VITE_FIREBASE_API_KEY'
  | 'VITE_FIREBASE_PROJECT_ID'
  | 'VITE_FIREBASE_AUTH_DOMAIN'
  | 'VITE_FIREBASE_APP_ID'
  | 'VITE_FIREBASE_AUTH_EMULATOR_HOST';

function optional(name: EnvName): string | undefined {
  const value: unknown = import.meta.env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

// A build without Firebase settings would fail later with an opaque SDK error; name the
// missing variable instead.
function required(name: EnvName): string {
  const value = optional(name);
  if (!value) {
    throw new Error(`${name} is not set: see frontend/.env.example`);
  }
  return value;
}

const projectId = required('VITE_FIREBASE_PROJECT_ID');

export const env = {
  firebase: {
    apiKey: required('VITE_FIREBASE_API_KEY'),
    projectId,
    authDomain: optional('VITE_FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
    appId: optional('VITE_FIREBASE_APP_ID'),
  },
  authEmulatorHost: optional('VITE_FIREBASE_AUTH_EMULATOR_HOST'),
} as const;
