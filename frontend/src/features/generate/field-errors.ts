import { ApiError, invalidFields } from '@/lib/api-client';
import type { CatalogLimits } from '@/types/api';

import type { AdvancedValues } from './components/advanced-options';
import { SEED_MAX } from './defaults';
import type { SentChoices } from './sent-choices';

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

/** What the form's own checks read: the typed numbers, once Generate was pressed (`checked`). */
interface Checked {
  readonly advanced: AdvancedValues;
  readonly limits: CatalogLimits;
  readonly pro: boolean;
  readonly checked: boolean;
}

/** What the form says of its fields after a press of Generate. */
export interface FormErrors {
  /** By each field the form shows now: the form's own checks first, then the gateway's. */
  readonly errors: FieldErrors;
  /** Whole, by the Generate button: the gateway's word on fields the form does not show now. */
  readonly elsewhere: readonly string[];
  /** What is wrong with the image drawn from, gone included; null when drawing from the prompt. */
  readonly sourceError: string | null;
  /** The gateway's answer is said by fields or by `elsewhere`, so never again as one error. */
  readonly saidAsFields: boolean;
}

/**
 * Where each problem of the form is said: by its field when the form shows it now, else the
 * gateway's message by the Generate button.
 */
export function formErrors(
  sent: SentChoices,
  { advanced, limits, pro, checked }: Checked,
  submitError: unknown,
): FormErrors {
  const { drawFrom } = sent;
  const guidanceShown = Boolean(sent.style && sent.sampler);
  const shown: Record<FieldName, boolean> = {
    prompt: true,
    negativePrompt: true,
    seed: true,
    steps: true,
    cfg: guidanceShown,
    sampler: guidanceShown,
    count: pro,
    size: sent.sizes.length > 1 && !drawFrom,
    source: drawFrom !== null,
  };
  const clientErrors: FieldErrors = checked ? checkNumbers(advanced, limits, pro) : {};
  const serverErrors = serverFieldErrors(submitError, shown);
  const fieldError = (field: FieldName) => (shown[field] ? (clientErrors[field] ?? serverErrors.byField[field]) : undefined);
  const errors: FieldErrors = Object.fromEntries(
    Object.keys(shown).map((field) => [field, fieldError(field as FieldName)]),
  );
  // The gateway says what it did not find: the source is the one generation a body names.
  const sourceGone =
    submitError instanceof ApiError && submitError.code === 'not_found' && submitError.message.startsWith('generation ')
      ? submitError.message
      : null;
  return {
    errors,
    elsewhere: serverErrors.elsewhere,
    sourceError: drawFrom ? (errors.source ?? sourceGone) : null,
    saidAsFields:
      (drawFrom !== null && sourceGone !== null) ||
      Object.keys(serverErrors.byField).length > 0 ||
      serverErrors.elsewhere.length > 0,
  };
}
