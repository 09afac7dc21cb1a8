// Every path is lower case, as people type addresses and as the gateway writes its links back
// (`/success`, `/verify-age`, …). The first app's capitalised ones (`/Generate`,
// `/terms-of-Service`) still arrive from bookmarks and old links, so the router moves any other
// casing of one of these paths to it (app/routes/unknown-path.tsx; docs/product.md, Routes).
export const paths = {
  home: '/',
  about: '/#about',
  howItWorks: '/#how-it-works',
  generate: '/generate',
  generation: '/generation',
  subscribe: '/subscribe',
  payment: '/payment',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  // Firebase's reset emails continue here with the link's `oobCode`.
  resetPassword: '/reset-password',
  success: '/success',
  cancel: '/cancel',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  cancellation: '/cancellation',
  support: '/support',
  profile: '/profile',
  accountDeleted: '/account-deleted',
  staff: '/staff',
  verifyAge: '/verify-age',
} as const;

export const REDIRECT_PARAM = 'redirectTo';

export function loginHref(redirectTo?: string): string {
  if (!redirectTo) return paths.login;
  return `${paths.login}?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo }).toString()}`;
}

// Only same-origin paths are followed after login or an age check, so a crafted link cannot
// send users away: browsers read a backslash as a slash (`/\evil.example` is another host), and
// the gateway refuses a way back with one or with control characters too.
export function safeRedirect(target: string | null, fallback: string): string {
  if (!target?.startsWith('/') || target.startsWith('//')) return fallback;
  return target.includes('\\') || /\p{Cc}/u.test(target) ? fallback : target;
}
