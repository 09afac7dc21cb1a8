import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';

import { AppProvider } from '@/app/provider';
import { QueryProvider } from '@/lib/query-provider';
import type { Plan } from '@/types/api';

import { fakeAuth } from './fake-firebase';
import { db } from './mocks/db';

interface RenderAppOptions {
  /** Signed in as this user (with these ID token claims, e.g. a staff role); a guest when omitted. */
  readonly user?: {
    email: string;
    displayName?: string | null;
    claims?: Record<string, unknown>;
    emailVerified?: boolean;
  };
  /** The plan `GET /api/v1/me` reports for the signed-in user (default free). */
  readonly plan?: Plan;
  /** The first URL; defaults to '/'. */
  readonly url?: string;
  /** Navigation state of the first entry (what `navigate(url, { state })` would carry). */
  readonly state?: unknown;
  /** Set when the test uses vi.useFakeTimers(), so user-event advances them. */
  readonly fakeTimers?: boolean;
}

/**
 * Renders a component (at every path) or a route tree, such as the app's `routes`, in a memory
 * router inside the app's providers.
 */
export function renderApp(ui: ReactElement | RouteObject[], options: RenderAppOptions = {}) {
  if (options.user) fakeAuth.addAccount(options.user, true);
  if (options.plan) db.plan = options.plan;
  const routes = Array.isArray(ui) ? ui : [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, {
    initialEntries: [{ ...splitUrl(options.url ?? '/'), state: options.state }],
  });
  const user = userEvent.setup(
    options.fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : undefined,
  );
  const view = render(
    <QueryProvider>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </QueryProvider>,
  );
  return { ...view, router, user };
}

function splitUrl(url: string): { pathname: string; search: string; hash: string } {
  const parsed = new URL(url, 'http://localhost');
  return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash };
}
