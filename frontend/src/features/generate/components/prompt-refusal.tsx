import { Link } from 'react-router-dom';

import { Emphasised } from '@/components/ui/emphasised';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';

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
 * Said under the refused field: why, the words, and where the rules are. A refusal on one
 * ambiguous sign says plainly which words to change, and that it does not count.
 */
export function PromptRefusal({ id, refusal }: { readonly id: string; readonly refusal: Refusal }) {
  const { message, words, strike } = refusal;
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
          Nothing was charged. {rules}
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
