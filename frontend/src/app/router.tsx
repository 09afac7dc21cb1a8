import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

import { RootLayout } from '@/components/layouts/root-layout';
import { PageLoading } from '@/components/ui/page-loading';
import { paths } from '@/config/paths';
import { requireGuest, requireUser } from '@/lib/auth';

import { ErrorPage } from './routes/error';
import { LandingRoute } from './routes/landing';
import { UnknownPath } from './routes/unknown-path';

// Every page but the landing is its own chunk, so the first visit downloads only what it shows;
// so is the query layer they share (with-queries), which the landing page does not need.
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

// Matched in their own case only: another casing reaches UnknownPath, which moves it to the page's
// own path before any page's loader or code is fetched for it.
const pages: RouteObject[] = [
  { path: paths.generate, lazy: page(() => import('./routes/generate')) },
  { path: paths.generation, lazy: page(() => import('./routes/generation')) },
  { path: paths.subscribe, lazy: page(() => import('./routes/subscribe')) },
  { path: paths.payment, loader: requireUser, lazy: page(() => import('./routes/payment')) },
  { path: paths.login, loader: requireGuest, lazy: page(() => import('./routes/login')) },
  { path: paths.register, loader: requireGuest, lazy: page(() => import('./routes/register')) },
  { path: paths.forgotPassword, loader: requireGuest, lazy: page(() => import('./routes/forgot-password')) },
  { path: paths.resetPassword, lazy: page(() => import('./routes/reset-password')) },
  { path: paths.success, loader: requireUser, lazy: page(() => import('./routes/success')) },
  { path: paths.cancel, lazy: page(() => import('./routes/cancel')) },
  { path: paths.privacyPolicy, lazy: page(() => import('./routes/privacy-policy')) },
  { path: paths.termsOfService, lazy: page(() => import('./routes/terms-of-service')) },
  { path: paths.cancellation, lazy: page(() => import('./routes/cancellation')) },
  { path: paths.support, lazy: page(() => import('./routes/support')) },
  { path: paths.profile, loader: requireUser, lazy: page(() => import('./routes/profile')) },
  { path: paths.accountDeleted, lazy: page(() => import('./routes/account-deleted')) },
  { path: paths.staff, loader: requireUser, lazy: page(() => import('./routes/staff')) },
  { path: paths.verifyAge, loader: requireUser, lazy: page(() => import('./routes/verify-age')) },
].map((route) => ({ ...route, caseSensitive: true }));

export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: RootLayout,
    HydrateFallback: PageLoading,
    // Only reached if the layout itself fails; page errors keep the nav bar (below).
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { index: true, Component: LandingRoute },
          {
            lazy: page(() => import('./routes/with-queries')),
            children: pages,
          },
          { path: '*', Component: UnknownPath },
        ],
      },
    ],
  },
];
