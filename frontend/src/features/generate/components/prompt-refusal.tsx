import { Link } from 'react-router-dom';

import { Emphasised } from '@/components/ui/emphasised';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import type { Standing } from '@/types/api';

/**
 * A request the content rules refused: which field, and what to tell the user there. `source`
 * is the prompt of the image drawn from, which today's rules refuse.
 */
export interface Refusal {
  readonly field: 'prompt' | 'negativePrompt' | 'source';
  readonly message: string;
  readonly words: readonly string[];
  /** False when it rests on one ambiguous sign: the user is asked to rephrase, and it does not count. */
  readonly strike: boolean;
}

/** The refusal in `error`, or null for any other outcome. */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError) || error.code !== 'prompt_refused') return null;
  return {
    field: error.field === 'negativePrompt' || error.field === 'source' ? error.field : 'prompt',
    message: error.message,
    words: error.refused?.words ?? [],
    // A refusal that does not say (a flagged image's, which carries no words) counts.
    strike: error.refused?.strike ?? true,
  };
}

/**
 * That a refusal counts, and while below the warning how many refusals count now and where
 * generation stops, from the profile read again after it; from the warning on, the gateway's
 * message and the account's standing say the count.
 */
function countsText(standing: Standing | undefined): string {
  if (!standing || standing.strikes >= standing.warnAt) return 'This counts against your account.';
  const { strikes, suspendAt } = standing;
  return `This counts against your account: ${String(strikes)} of ${String(suspendAt)} refused requests in the last 24 hours; at ${String(suspendAt)}, generation is suspended until our staff have reviewed your account.`;
}

/**
 * Said by the Generate button (and on a job's card, for a finished image the moderation service
 * flagged), the refused field pointing to it: why, the words, and where the rules are. A refusal
 * on one ambiguous sign says plainly which words to change, and that it does not count; one that
 * counts says so, and how far it is from a suspension.
 */
export function PromptRefusal({ id, refusal }: { readonly id: string; readonly refusal: Refusal }) {
  const { message, words, strike } = refusal;
  // The page reads the profile again after every refusal (useInvalidateAccount).
  const { me } = useMe({ refetchOnMount: false });
  const rules = <Link to={`${paths.termsOfService}#content-rules`}>What Lucent never makes</Link>;
  return (
    <div id={id} role="alert" className="alert" data-testid="prompt-refusal">
      <p>{message}</p>
      {strike ? (
        <p>
          {words.length > 0 && (
            <>
              Refused because of: <Emphasised items={words} />.{' '}
            </>
          )}
          Nothing was charged. {countsText(me?.standing)} {rules}
        </p>
      ) : (
        <>
          {words.length > 0 && (
            <p>
              Change these words and try again: <Emphasised items={words} />.
            </p>
          )}
          <p>Nothing was charged, and this does not count against your account. {rules}</p>
        </>
      )}
    </div>
  );
}
