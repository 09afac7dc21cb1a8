import type { GenerationRequest, SourceModeView, Style } from '@/types/api';

import { db } from './db';
import { fail } from './gateway';
import { Findings } from './generation-findings';

// The fake gateway's checks of a generation's body, as src/admission/body.rs makes them: every
// field is checked and every one at fault told at once (422 `invalid_field` with `fields`); only
// when all are right is what they ask refused (403 `pro_required`, then
// `age_confirmation_required`), the first such refusal in the order of the fields.

const operation = 'POST /api/v1/jobs';

/** The gateway's own samplers, its first the default even where the backend takes none. */
const FIRST_SAMPLER = 'dpmpp-2m';
/** The largest seed (a u32, as A1111's). */
const SEED_MAX = 4_294_967_295;

/** A body's source as the gateway checks it before reading the image. */
export interface Asked {
  readonly generation: string;
  readonly mode: SourceModeView;
}

/** What a body asks for once every field is right. */
export interface Checked {
  readonly style: Style;
  /** The style's size (an image drawn from another has its source's instead). */
  readonly size: Style['sizes'][number];
  readonly cfg: number;
  readonly sampler: string;
  /** Drawn from one of the caller's images; its record is read next. */
  readonly asked: Asked | null;
}

/** A prompt as the model reads it: control characters are spaces (src/safety/normalize.rs). */
const cleaned = (text: string) => text.replace(/\p{Cc}/gu, ' ').trim();

function checkPrompt({ prompt }: GenerationRequest, found: Findings): void {
  // Counted in UTF-16 code units, as the browser's textarea counts.
  const max = db.catalog.limits.promptMax;
  if (prompt.length > max) found.invalid('prompt', `prompt is at most ${String(max)} characters`);
  else if (cleaned(prompt) === '') found.invalid('prompt', 'prompt is required');
}

function checkNegative({ negativePrompt }: GenerationRequest, found: Findings): void {
  const max = db.catalog.limits.negativePromptMax;
  if ((negativePrompt ?? '').length > max) {
    found.invalid('negativePrompt', `negativePrompt is at most ${String(max)} characters`);
  }
}

function checkStyle(body: GenerationRequest, found: Findings): Style | null {
  const { styles } = db.catalog;
  if (!body.style) return styles.find((option) => option.default) ?? styles[0] ?? null;
  return (
    styles.find((option) => option.id === body.style) ??
    found.invalid('style', `style ${JSON.stringify(body.style)} does not exist`)
  );
}

/**
 * The body's source mode, checked against the catalog (an empty list: a backend that cannot draw
 * from an image), the fields an image made from another leaves out, and the plan; the gateway
 * says the first problem it finds.
 */
function checkSource({ source, size, enhance }: GenerationRequest, found: Findings): Asked | null {
  if (!source) return null;
  const modes = db.catalog.sourceModes;
  if (modes.length === 0) return found.invalid('source', 'this image backend cannot vary or upscale an image');
  const mode = modes.find((option) => option.id === source.mode);
  if (!mode) {
    const known = modes.map((option) => option.id).join(', ');
    return found.invalid('source', `source mode ${JSON.stringify(source.mode)} is not one of ${known}`);
  }
  if (size) return found.invalid('size', "an image made from another has its source's size; leave size out");
  if (enhance === true) return found.invalid('enhance', "an image made from another has its source's size; leave enhance out");
  if (mode.pro && db.plan !== 'pro') return found.refuse(fail(operation, 403, 'pro_required', `${mode.label} is a Premium feature`));
  return { generation: source.generation, mode };
}

/** Empty or absent: the style's first. */
function checkSize(body: GenerationRequest, style: Style, found: Findings): Style['sizes'][number] | null {
  const size = body.size ? style.sizes.find((option) => option.id === body.size) : style.sizes[0];
  if (size) return size;
  const offered = style.sizes.map((option) => option.id).join(', ');
  return found.invalid('size', `size ${JSON.stringify(body.size ?? '')} is not one the ${style.label} style offers (${offered})`);
}

/** The guidance scale and the sampler as the gateway takes them; it says the first problem it finds. */
function checkGuidance(body: GenerationRequest, style: Style, found: Findings): Pick<Checked, 'cfg' | 'sampler'> | null {
  const { samplers, limits } = db.catalog;
  // Empty or absent: the first.
  const sampler = body.sampler === '' ? null : (body.sampler ?? null);
  // A backend that takes neither (the catalog offers no samplers) refuses either when picked.
  if (samplers.length === 0) {
    const picked = body.cfg != null ? 'cfg' : sampler !== null ? 'sampler' : null;
    if (picked) return found.invalid(picked, `${picked} cannot be chosen: this image backend draws with its own settings`);
  }
  const cfg = body.cfg ?? style.cfg;
  if (cfg < limits.cfgMin || cfg > limits.cfgMax || !Number.isInteger(cfg / limits.cfgStep)) {
    return found.invalid('cfg', `cfg must be ${String(limits.cfgMin)} to ${String(limits.cfgMax)} in steps of ${String(limits.cfgStep)}`);
  }
  if (sampler !== null && !samplers.some((option) => option.id === sampler)) {
    const known = samplers.map((option) => option.id).join(', ');
    return found.invalid('sampler', `sampler ${JSON.stringify(sampler)} is not one of ${known}`);
  }
  return { cfg, sampler: sampler ?? samplers[0]?.id ?? FIRST_SAMPLER };
}

function checkLook({ look }: GenerationRequest, found: Findings): string | null {
  if (!look) return null;
  return db.catalog.looks.some((option) => option.id === look) ? look : found.invalid('look', `look ${JSON.stringify(look)} does not exist`);
}

/** A seed or step count as the gateway reads it, a JSON number or text; null when empty. */
function wholeNumber(field: 'seed' | 'steps', value: GenerationRequest['seed'], found: Findings): number | null {
  const text = String(value ?? '').trim();
  if (text === '') return null;
  return /^\+?\d+$/.test(text) ? Number(text) : found.invalid(field, `${field} must be a whole number, or empty for the default`);
}

function checkSeed({ seed }: GenerationRequest, found: Findings): void {
  // -1, as A1111 writes it: a random seed.
  if (String(seed ?? '').trim() === '-1') return;
  const value = wholeNumber('seed', seed, found);
  if (value !== null && value > SEED_MAX) found.invalid('seed', `seed is at most ${String(SEED_MAX)}`);
}

function checkSteps({ steps }: GenerationRequest, found: Findings): void {
  const { stepsMaxFree, stepsMaxPro } = db.catalog.limits;
  const max = db.plan === 'pro' ? stepsMaxPro : stepsMaxFree;
  const value = wholeNumber('steps', steps, found);
  if (value === null || (value >= 1 && value <= max)) return;
  if (value >= 1 && value <= stepsMaxPro) {
    found.refuse(fail(operation, 403, 'pro_required', `more than ${String(max)} steps (high quality) is a Premium feature`));
  } else {
    found.invalid('steps', `steps must be 1 to ${String(max)}`);
  }
}

function checkCount({ count }: GenerationRequest, found: Findings): number | null {
  const { countMaxPro } = db.catalog.limits;
  const value = count ?? 1;
  return value >= 1 && value <= countMaxPro ? value : found.invalid('count', `count must be 1 to ${String(countMaxPro)}`);
}

/** What a free caller asked of Premium's, if anything: several images, a Premium style, a Premium look. */
function premiumAsked(style: Style, look: string | null, count: number): string | null {
  if (db.plan === 'pro') return null;
  if (count > db.catalog.limits.countMaxFree) return 'several images at once is a Premium feature';
  if (style.pro) return `the ${style.label} style is a Premium feature`;
  return db.catalog.looks.some((option) => option.id === look && option.pro) ? 'this look is a Premium feature' : null;
}

/** What the gateway makes of a body's fields, or its answer when it refuses them. */
export function checkGeneration(body: GenerationRequest): Checked | Response {
  const found = new Findings();
  checkPrompt(body, found);
  checkNegative(body, found);
  const style = checkStyle(body, found);
  const asked = checkSource(body, found);
  const size = style && checkSize(body, style, found);
  const guidance = style && checkGuidance(body, style, found);
  const look = checkLook(body, found);
  checkSeed(body, found);
  checkSteps(body, found);
  const count = checkCount(body, found);
  if (style && count !== null) {
    const premium = premiumAsked(style, look, count);
    if (premium) found.refuse(fail(operation, 403, 'pro_required', premium));
  }
  if (style?.nsfw && !db.ageConfirmed) {
    const message = `the ${style.label} style needs you to confirm you are 18 or older`;
    found.refuse(fail(operation, 403, 'age_confirmation_required', message));
  }
  // A check that found its field at fault returned null: then there is an answer.
  const answer = found.answer();
  if (answer) return answer;
  if (!style || !size || !guidance) throw new Error('a checked field has no value');
  return { style, size, ...guidance, asked };
}
