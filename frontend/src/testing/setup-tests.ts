import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

import { queryClient } from '@/lib/query-client';

import { fakeAuth } from './fake-firebase';
import { installMatchMedia, resetViewport } from './media';
import { resetDb } from './mocks/db';
import { resetHandlersState } from './mocks/handlers';
import { server } from './mocks/server';
import { objectUrls } from './object-urls';

vi.mock('@/lib/firebase', () => import('./fake-firebase'));

// `findBy…` waits for what it looks for; a lazy route's first import can take over the default
// second on a busy 2-core CI machine (a deleted account's page once did), so allow five.
configure({ asyncUtilTimeout: 5000 });

// MSW's 'error' strategy only makes the request fail, which app code may catch and hide;
// collecting the requests makes the test itself fail.
const unhandled: string[] = [];

beforeAll(() => {
  // Failures are shown at once instead of being retried.
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  server.listen({
    onUnhandledRequest(request, print) {
      unhandled.push(`${request.method} ${request.url}`);
      print.error();
    },
  });
});

beforeEach(() => {
  installMatchMedia();
  objectUrls.install();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  server.resetHandlers();
  fakeAuth.reset();
  resetDb();
  resetHandlersState();
  resetViewport();
  sessionStorage.clear();
  localStorage.clear();
  queryClient.clear();
  objectUrls.reset();
  document.documentElement.removeAttribute('data-menu-open');
  document.body.removeAttribute('style');
  if (unhandled.length > 0) {
    const requests = unhandled.splice(0).join(', ');
    throw new Error(`Requests without an MSW handler: ${requests}`);
  }
});

afterAll(() => {
  server.close();
});

// jsdom has no scrolling; the router's ScrollRestoration calls it on every navigation, and a
// job's card is brought into view once the gateway took the job.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;
