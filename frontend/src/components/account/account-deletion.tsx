import { ApiError } from '@/lib/api-client';

/** Whose account the reader is deleting: their own (the profile), or a user's (the support console). */
type Whose = 'yours' | 'theirs';

const words: Record<Whose, { readonly owner: string; readonly maker: string; readonly login: string }> = {
  yours: { owner: 'your', maker: 'you', login: 'this email and password' },
  theirs: { owner: 'their', maker: 'they', login: 'their email and password' },
};

/**
 * What a deletion takes, the same whoever asks (the gateway runs one deletion for the owner and
 * for staff), so both confirmations name the same things.
 */
export function DeletionList({ whose }: { readonly whose: Whose }) {
  const { owner, maker, login } = words[whose];
  return (
    <ul>
      <li>{`${owner} subscription, cancelled at once (no refund for the period begun);`}</li>
      <li>{`every image ${maker} made;`}</li>
      <li>{`${owner} history, credits and profile;`}</li>
      <li>{`${owner} sign-in: ${login} will no longer log in.`}</li>
    </ul>
  );
}

/**
 * Why a deletion stopped at a step that could not finish (the gateway's 503 and 504), or null
 * for any other failure. Every step succeeds on what is already gone, so asking again finishes
 * the deletion rather than failing on its first half.
 */
export function unfinishedDeletion(error: Error): string | null {
  if (!(error instanceof ApiError) || (error.status !== 503 && error.status !== 504)) return null;
  return `The deletion did not finish: ${error.message.replace(/\.$/, '')}. Try again: it finishes what was started.`;
}
