import { useId } from 'react';

import { ApiError } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import type { CatalogLimits } from '@/types/api';

import type { GuidanceChoice } from '../components/guidance-fields';
import { refusalOf, type Refusal } from '../components/prompt-refusal';
import { formErrors } from '../field-errors';
import type { FormDraft } from '../form-draft';
import type { SentChoices } from '../sent-choices';

interface FeedbackInput {
  readonly draft: FormDraft;
  readonly sent: SentChoices;
  readonly limits: CatalogLimits;
  readonly pro: boolean;
  /** Generate was pressed: the typed numbers are checked as they change. */
  readonly checked: boolean;
  /** Why the last submission was refused before it became a job, or null. */
  readonly submitError: unknown;
  /** Generate was pressed on an explicit request while the age is not verified: nothing was sent. */
  readonly ageAsked: boolean;
  readonly ageLocked: boolean;
}

/**
 * Everything the form says about its last submission, each thing said once and where the user
 * looks for it: a field's problem by the field, a refusal by the Generate button (the refused
 * field pointing to it), the age check in place of what an explicit request ran into.
 */
export function useFormFeedback(input: FeedbackInput) {
  const { draft, sent, limits, pro, checked, submitError } = input;
  const { me } = useMe();
  const refusalId = useId();
  const checks = { advanced: draft.advanced, limits, pro, checked };
  const { errors, elsewhere, sourceError, saidAsFields } = formErrors(sent, checks, submitError);
  const refusal = refusalOf(submitError);
  const code = submitError instanceof ApiError ? submitError.code : null;
  const ageNeeded = code === 'age_check_required' || (input.ageAsked && sent.explicit && input.ageLocked);
  // Once a request is kept back for the age check, an earlier refusal or error is stale.
  const refusalShown = refusal !== null && !ageNeeded;
  // The page's notice says a suspension, the 403 that brought it included.
  const suspensionSaid = me?.standing.suspension != null && code === 'account_suspended';
  const guidance: GuidanceChoice | null =
    sent.style && sent.sampler
      ? {
          styleCfg: sent.style.cfg,
          samplers: sent.samplers,
          sampler: sent.sampler.id,
          cfgError: errors.cfg ?? null,
          samplerError: errors.sampler ?? null,
        }
      : null;
  return {
    errors,
    sourceError,
    guidance,
    ageNeeded,
    elsewhere: ageNeeded ? [] : elsewhere,
    /** The refusal the Generate button says, under `refusalId`; null when none is said. */
    refusal: refusalShown ? refusal : null,
    refusalId,
    refusedBy: (field: Refusal['field']) => (refusalShown && refusal.field === field ? refusalId : null),
    /** The error no other message says, for the Generate button; null when there is none. */
    unexplained: refusal || saidAsFields || ageNeeded || suspensionSaid ? null : submitError,
  };
}
