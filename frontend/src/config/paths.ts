// Route paths keep their first capitalisation (docs/ARCHITECTURE.md, The product); the router
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
  success: '/success',
  cancel: '/cancel',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-Service',
  cancellation: '/cancellation',
  support: '/support',
  profile: '/profile',
  accountDeleted: '/account-deleted',
  staff: '/staff',
} as const;

export const REDIRECT_PARAM = 'redirectTo';

export function loginHref(redirectTo?: string): string {
  if (!redirectTo) return paths.login;
  return `${paths.login}?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo }).toString()}`;
}

// Only same-origin paths are followed after login, so a crafted link cannot send users away.
export function safeRedirect(target: string | null, fallback: string): string {
  return target?.startsWith('/') && !target.startsWith('//') ? target : fallback;
}
