// Texts are the product spec's (section 5), checked in this order.
export const messages = {
  missingFields: 'Please fill in all fields',
  invalidEmail: 'Please provide a valid email',
  shortPassword: 'Password should be at least 6 characters',
} as const;

export const PASSWORD_MIN_LENGTH = 6;

// Deliberately loose (text@text.text): the identity provider does the real check.
const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export function validateLogin(email: string, password: string): string | null {
  if (!email.trim() || !password) return messages.missingFields;
  if (!EMAIL_PATTERN.test(email.trim())) return messages.invalidEmail;
  return null;
}

export function validateRegistration(name: string, email: string, password: string): string | null {
  if (!name.trim() || !email.trim() || !password) return messages.missingFields;
  if (!EMAIL_PATTERN.test(email.trim())) return messages.invalidEmail;
  if (password.length < PASSWORD_MIN_LENGTH) return messages.shortPassword;
  return null;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
