import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';

import { AppProvider } from '@/app/provider';

import { fakeAuth } from './fake-firebase';

interface RenderAppOptions {
  /** Signed in as this user; a guest when omitted. */
  readonly user?: { email: string; displayName?: string | null };
  /** The first URL; defaults to '/'. */
  readonly url?: string;
}

/**
 * Renders a component (at every path) or a route tree, such as the app's `routes`, in a memory
 * router inside the app's providers.
 */
export function renderApp(ui: ReactElement | RouteObject[], options: RenderAppOptions = {}) {
  if (options.user) fakeAuth.addAccount(options.user, true);
  const routes = Array.isArray(ui) ? ui : [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [options.url ?? '/'] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user };
}
