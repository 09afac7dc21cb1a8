import { invalidFields } from '@/lib/api-client';
import type { CatalogLimits } from '@/types/api';

import type { AdvancedValues } from './components/advanced-options';
import { SEED_MAX } from './defaults';

/** The form's fields as the request names them, which is how the gateway names them in its errors. */
export type FieldName = 'prompt' | 'negativePrompt' | 'seed' | 'steps' | 'cfg' | 'sampler' | 'count' | 'size' | 'source';

/** What is wrong with each field, in the words the gateway would use after `<field>: `. */
export type FieldErrors = Partial<Record<FieldName, string>>;

const WHOLE = /^\d+$/;

/**
 * The typed numeric fields checked against the catalog's limits before anything is sent, all at
 * once: the gateway refuses the same, but one field at a time and only after a round trip. Empty
 * seed, steps or guidance scale are the gateway's defaults (a random seed, the style's scale); so
 * is a seed of -1, as in A1111. The image count needs no check: it is picked from 1 to the plan's
 * limit, never typed.
 */
export function checkNumbers(
  values: Pick<AdvancedValues, 'seed' | 'steps' | 'cfg'>,
  limits: CatalogLimits,
  pro: boolean,
): FieldErrors {
  const errors: FieldErrors = {};
  const seed = values.seed.trim();
  if (seed !== '' && seed !== '-1' && !(WHOLE.test(seed) && Number(seed) <= SEED_MAX)) {
    errors.seed = `seed must be a whole number from 0 to ${String(SEED_MAX)}, or -1 or empty for a random one`;
  }
  const steps = values.steps.trim();
  const stepsMax = pro ? limits.stepsMaxPro : limits.stepsMaxFree;
  if (steps !== '' && !WHOLE.test(steps)) {
    errors.steps = 'steps must be a whole number, or empty for the default';
  } else if (steps !== '' && (Number(steps) < 1 || Number(steps) > stepsMax)) {
    errors.steps = `steps must be 1 to ${String(stepsMax)}${pro ? '' : ` (up to ${String(limits.stepsMaxPro)} with Premium)`}`;
  }
  const cfg = values.cfg?.trim() ?? '';
  const scale = Number(cfg);
  const onStep = Number.isInteger(Math.round((scale / limits.cfgStep) * 1e6) / 1e6);
  if (cfg !== '' && !(Number.isFinite(scale) && scale >= limits.cfgMin && scale <= limits.cfgMax && onStep)) {
    errors.cfg = `cfg must be ${String(limits.cfgMin)} to ${String(limits.cfgMax)} in steps of ${String(limits.cfgStep)}`;
  }
  return errors;
}

/** Where the gateway's field errors are said. */
export interface ServerFieldErrors {
  /** By each field the form shows: the part of its message after `<field>: ` (the first, if named twice). */
  readonly byField: FieldErrors;
  /** Whole, by the Generate button: each message for a field the form does not show now. */
  readonly elsewhere: readonly string[];
}

/** What the gateway's answer says is wrong, every field at once, split by where the form says it. */
export function serverFieldErrors(error: unknown, shown: Readonly<Record<FieldName, boolean>>): ServerFieldErrors {
  const byField: FieldErrors = {};
  const elsewhere: string[] = [];
  for (const { field, problem, message } of invalidFields(error)) {
    if (Object.hasOwn(shown, field) && shown[field as FieldName]) byField[field as FieldName] ??= problem;
    else if (!elsewhere.includes(message)) elsewhere.push(message);
  }
  return { byField, elsewhere };
}
