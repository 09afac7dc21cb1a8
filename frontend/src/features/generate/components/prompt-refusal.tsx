import { Link } from 'react-router-dom';

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
}

/** The refusal in `error`, or null for any other outcome. */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError) || error.code !== 'prompt_refused') return null;
  return {
    field: error.field === 'negativePrompt' || error.field === 'source' ? error.field : 'prompt',
    message: error.message,
    words: error.refused?.words ?? [],
  };
}

/** Said under the refused field: why, the words, and where the rules are. */
export function PromptRefusal({ id, refusal }: { readonly id: string; readonly refusal: Refusal }) {
  return (
    <p id={id} role="alert" className="alert" data-testid="prompt-refusal">
      {refusal.message}{' '}
      {refusal.words.length > 0 && (
        <>
          Refused because of: <strong>{refusal.words.join(', ')}</strong>.{' '}
        </>
      )}
      Nothing was charged. <Link to={`${paths.termsOfService}#content-rules`}>What Lucent never makes</Link>
    </p>
  );
}
