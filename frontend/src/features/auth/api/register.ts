import { api } from '@/lib/api-client';
import { createAccount, type AuthUser } from '@/lib/firebase';

export interface Registration {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly ageConfirmed: boolean;
}

export interface Profile {
  readonly uid: string;
  readonly email: string;
  readonly username: string;
  readonly plan: 'free' | 'pro';
}

/** Creates the identity account (with its display name), then the gateway's user record. */
export async function register({ name, email, password, ageConfirmed }: Registration): Promise<AuthUser> {
  const username = name.trim();
  const user = await createAccount(email.trim(), password, username);
  await api.post<Profile>('/me', { username, ageConfirmed });
  return user;
}
