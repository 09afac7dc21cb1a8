import type { Registration } from './api/register';

// The first three texts are the product's (docs/product.md, Registration), checked in this
// order; the adult confirmation is ours and comes last, and the password reset's email is ours.
export const messages = {
  missingFields: 'Please fill in all fields',
  invalidEmail: 'Please provide a valid email',
  shortPassword: 'Password should be at least 6 characters',
  notAdult: 'Please confirm that you are 18 or older',
  missingEmail: 'Please enter your email.',
} as const;

export const PASSWORD_MIN_LENGTH = 6;

// Deliberately loose (text@text.text): the identity provider does the real check.
const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export function validateLogin(email: string, password: string): string | null {
  if (!email.trim() || !password) return messages.missingFields;
  if (!EMAIL_PATTERN.test(email.trim())) return messages.invalidEmail;
  return null;
}

/** The password reset request's one field. */
export function validateEmail(email: string): string | null {
  if (!email.trim()) return messages.missingEmail;
  if (!EMAIL_PATTERN.test(email.trim())) return messages.invalidEmail;
  return null;
}

/** A new password, as registration checks it. */
export function validatePassword(password: string): string | null {
  return password.length < PASSWORD_MIN_LENGTH ? messages.shortPassword : null;
}

export function validateRegistration({ name, email, password, ageConfirmed }: Registration): string | null {
  if (!name.trim() || !email.trim() || !password) return messages.missingFields;
  if (!EMAIL_PATTERN.test(email.trim())) return messages.invalidEmail;
  const weak = validatePassword(password);
  if (weak) return weak;
  if (!ageConfirmed) return messages.notAdult;
  return null;
}
