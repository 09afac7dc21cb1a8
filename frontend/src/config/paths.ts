// Route paths keep their first capitalisation (docs/product.md, Routes); the router
// matches them ignoring case.
export const paths = {
  home: '/',
  howItWorks: '/#how-it-works',
  generate: '/Generate',
  generation: '/Generation',
  subscribe: '/Subscribe',
  payment: '/Payment',
  login: '/Login',
  register: '/Register',
  forgotPassword: '/forgot-password',
  // Firebase's reset emails continue here with the link's `oobCode`.
  resetPassword: '/reset-password',
  success: '/success',
  cancel: '/cancel',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-Service',
  cancellation: '/cancellation',
  support: '/support',
  profile: '/profile',
  accountDeleted: '/account-deleted',
  staff: '/staff',
  // Lower case: the gateway sends the age-check provider's users back to exactly this path.
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
