import { createAccount, type AuthUser } from '@/lib/firebase';
import { saveProfile } from '@/lib/me';

export interface Registration {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly ageConfirmed: boolean;
}

/** Creates the identity account (with its display name), then the gateway's user record. */
export async function register({ name, email, password, ageConfirmed }: Registration): Promise<AuthUser> {
  const username = name.trim();
  const user = await createAccount(email.trim(), password, username);
  await saveProfile({ username, ageConfirmed });
  return user;
}
