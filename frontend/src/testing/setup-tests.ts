import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

import { fakeAuth } from './fake-firebase';
import { server } from './mocks/server';

vi.mock('@/lib/firebase', () => import('./fake-firebase'));

// MSW's 'error' strategy only makes the request fail, which app code may catch and hide;
// collecting the requests makes the test itself fail.
const unhandled: string[] = [];

beforeAll(() => {
  server.listen({
    onUnhandledRequest(request, print) {
      unhandled.push(`${request.method} ${request.url}`);
      print.error();
    },
  });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  fakeAuth.reset();
  if (unhandled.length > 0) {
    const requests = unhandled.splice(0).join(', ');
    throw new Error(`Requests without an MSW handler: ${requests}`);
  }
});

afterAll(() => {
  server.close();
});

// jsdom has no scrolling; the router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;
