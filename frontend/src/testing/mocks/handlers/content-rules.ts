import type { GenerationRequest } from '@/types/api';

import { db } from '../db';
import { refuse } from '../gateway';
import { makeSuspension, SUSPEND_AT } from '../records';

import type { Made } from './job-request';
import { recentStrikes } from './profile';

/**
 * A stand-in for the gateway's content rules (src/safety), which read far more: two phrases of
 * the prompt, whatever their case. An age under 18 refuses and counts against the account; a
 * misspelt name that may be a real person's is one ambiguous sign, so the user is asked to
 * rephrase and it does not count, as the gateway answers "nude Taylor Swfit on a beach".
 */
const CONTENT_RULES = [
  {
    phrase: '15 year old',
    category: 'minor',
    reason: 'Lucent never makes sexual or explicit images of anyone under 18, or that suggest it',
    strike: true,
  },
  { phrase: 'taylor swfit', category: 'real_person', reason: 'Lucent never makes explicit images of real people', strike: false },
] as const;

/**
 * The stand-in rules' refusal of `body`, recorded against the caller as the gateway records it
 * (the fifth strike in 24 hours suspends generation); null when they pass it.
 */
export function refusedByContentRules({ prompt }: GenerationRequest) {
  for (const { phrase, category, reason, strike } of CONTENT_RULES) {
    const at = prompt.toLowerCase().indexOf(phrase);
    if (at === -1) continue;
    // The words as the request wrote them.
    const word = prompt.slice(at, at + phrase.length);
    db.refusals.push({ at: Date.now(), strike });
    const strikes = recentStrikes();
    if (strike && strikes >= SUSPEND_AT) {
      db.suspension = makeSuspension({ since: Date.now(), reason: `${String(strikes)} refused requests in 24 hours` });
    }
    const message = strike
      ? `${reason} (${word}).`
      : `${reason} (${word} may read that way): please rephrase; this does not count against your account.`;
    return refuse('POST /api/v1/jobs', 'prompt', category, [word], message, strike);
  }
  return null;
}

/**
 * A stand-in for the gate's reading of an explicit request (src/safety): the explicit style, or
 * nudity asked for in words, which the gateway reads in many more wordings and 15 languages.
 */
const EXPLICIT_WORDS = /\b(nude|naked)\b/i;

/**
 * Whether the gate would read `body`, made as `made`, as a request for explicit imagery: an image
 * drawn from an explicit one is explicit too.
 */
export function isExplicit(body: GenerationRequest, { style, source }: Made): boolean {
  const fromExplicit = source != null && db.history.some((item) => item.id === source.generation && item.explicit);
  return style.nsfw || fromExplicit || EXPLICIT_WORDS.test(body.prompt);
}
