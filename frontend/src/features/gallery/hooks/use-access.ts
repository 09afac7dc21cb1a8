import { useAuth } from '@/lib/auth';
import { isPro, useMe } from '@/lib/me';

import type { Access } from '../access';

/** Who is looking, once the session and (for a signed-in user) the plan are known. */
export function useAccess(): Access {
  const { user, ready } = useAuth();
  const { me, status } = useMe();
  if (!ready) return 'loading';
  if (!user) return 'guest';
  if (isPro(me)) return 'pro';
  return status === 'loading' ? 'loading' : 'free';
}
