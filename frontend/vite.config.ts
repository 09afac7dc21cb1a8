import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// The gateway serves the API and the legacy image call on the same origin in production;
// the dev server forwards them so the browser code never needs another base URL.
const gateway = 'http://127.0.0.1:8080';
const proxy = { '/api': gateway, '/generate-image': gateway };

// A bundle without the Firebase web config would only fail in the browser, with an opaque SDK
// error; the build refuses instead, naming what is missing. The emulator mode
// (`npm run build:local`) has its demo config in .env.emulator.
const FIREBASE_REQUIRED = ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_PROJECT_ID'];

function requireFirebaseConfig(): Plugin {
  return {
    name: 'lucent:require-firebase-config',
    apply: 'build',
    configResolved({ env, mode }) {
      const missing = FIREBASE_REQUIRED.filter((name) => !String(env[name] ?? '').trim());
      if (missing.length > 0) {
        throw new Error(
          `The ${mode} build needs the Firebase web config: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set. ` +
            'Set them in the environment or frontend/.env.production.local (see frontend/.env.example); ' +
            '`npm run build:local` builds for the local Auth emulator instead.',
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), requireFirebaseConfig()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: { host: '127.0.0.1', proxy },
  preview: { host: '127.0.0.1', proxy },
  build: { outDir: 'dist' },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Threads ran the suite about 10 % faster than the default forks here (70-75 s against 82-84 s).
    pool: 'threads',
    // A new jsdom and module graph per file took longer than the tests; setup-tests.ts resets what files share.
    isolate: false,
    // The default keeps one core for Vitest's main process, which mostly idles while tests run.
    maxWorkers: '100%',
    // One findBy may wait 5 s (setup-tests.ts), and a heavy test on a busy 2-core machine took over 5 s.
    testTimeout: 15_000,
  },
});
