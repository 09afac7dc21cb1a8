import { paths } from '@/config/paths';
import { createAccount, sendEmailVerification, type AuthUser } from '@/lib/firebase';
import { saveProfile } from '@/lib/me';

export interface Registration {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly ageConfirmed: boolean;
}

/**
 * Creates the identity account (with its display name), then the gateway's user record, and
 * sends the link that verifies the address.
 */
export async function register({ name, email, password, ageConfirmed }: Registration): Promise<AuthUser> {
  const username = name.trim();
  const user = await createAccount(email.trim(), password, username);
  await saveProfile({ username, ageConfirmed });
  // Best effort: the profile offers the link again, and nothing waits on it.
  sendEmailVerification(new URL(paths.profile, window.location.origin).href).catch(() => undefined);
  return user;
}
