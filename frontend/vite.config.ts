import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

// The gateway serves the API and the legacy image call on the same origin in production;
// the dev server forwards them so the browser code never needs another base URL.
const gateway = 'http://127.0.0.1:8080';
const proxy = { '/api': gateway, '/generate-image': gateway };

// The code is written against React's API but runs on preact/compat everywhere (dev, tests,
// build): react-dom alone is 64 KB gzipped, which leaves no room for the router and the
// landing page in the 90 KB budget; Preact with compat is 8 KB. One runtime, so tests run what
// ships. Vite compiles the JSX itself (tsconfig's react-jsx, through these aliases); there is
// no React Fast Refresh on Preact, so the dev server reloads the page on an edit.
const preact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig({
  resolve: {
    alias: [...preact, { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
    // Vitest resolves packages as Node does, which picks the CommonJS builds of React Router and
    // Testing Library; those would require the real react past the aliases. Tests take the ES
    // builds, as the browser bundle does.
    ...(process.env.VITEST ? { conditions: ['module-sync', 'module'], mainFields: ['module'] } : {}),
  },
  server: { host: '127.0.0.1', proxy },
  preview: { host: '127.0.0.1', proxy },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      onwarn(warning, warn) {
        // React Router probes for React 19's useOptimistic and falls back without it; Preact
        // has none, which is expected, not a broken import.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Libraries that import React go through Vite so the aliases reach them; all of Testing
    // Library does, so user-event dispatches through the act() wrapper that RTL configures.
    server: { deps: { inline: [/react-router/, /@testing-library\//] } },
  },
});
