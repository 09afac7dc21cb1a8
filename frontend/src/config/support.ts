export const SUPPORT_EMAIL = 'support@lucent.example';

/** A mailto link to support with a subject line filled in. */
export function supportMailto(subject = 'Lucent support request'): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;
}
