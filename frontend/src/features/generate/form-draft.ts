import type { GenerationRequest } from '@/types/api';
import { sourceOf, type Source } from '@/types/navigation';

import type { AdvancedValues } from './components/advanced-options';
import { DEFAULT_PROMPT } from './defaults';

/** Everything the Generate form holds, as the user left it; the catalog decides later what of it is sent. */
export interface FormDraft {
  readonly prompt: string;
  /** A style id; null for the catalog's default. */
  readonly style: string | null;
  readonly look: string | null;
  /** A size id of the style; null for its first. */
  readonly size: string | null;
  readonly count: number;
  readonly advanced: AdvancedValues;
  readonly source: Source | null;
}

export const FRESH_DRAFT: FormDraft = {
  prompt: DEFAULT_PROMPT,
  style: null,
  look: null,
  size: null,
  count: 1,
  advanced: { negativePrompt: '', seed: '', steps: '', enhance: true, cfg: null, sampler: null },
  source: null,
};

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** A fresh form filled with what `params` give ('Try Again', 'Use these settings', a prompt card). */
export function draftFrom(params: Partial<GenerationRequest>, source?: Source): FormDraft {
  return {
    prompt: asText(params.prompt ?? DEFAULT_PROMPT),
    style: params.style ?? null,
    look: params.look ?? null,
    size: params.size ?? null,
    count: params.count ?? 1,
    advanced: {
      negativePrompt: asText(params.negativePrompt),
      seed: asText(params.seed),
      steps: asText(params.steps),
      enhance: params.enhance ?? true,
      cfg: typeof params.cfg === 'number' ? String(params.cfg) : null,
      sampler: params.sampler ?? null,
    },
    source: source ?? null,
  };
}

// What storage hands back is checked field by field: an older app version, or a hand edit, may
// have left anything there, and a field that does not fit falls back to the fresh form's.
export function readDraft(value: unknown): FormDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const saved = value as Partial<Record<keyof FormDraft, unknown>>;
  const advanced = (typeof saved.advanced === 'object' ? saved.advanced : null) as Partial<
    Record<keyof AdvancedValues, unknown>
  > | null;
  const text = (field: unknown, fallback: string) => (typeof field === 'string' ? field : fallback);
  const choice = (field: unknown) => (typeof field === 'string' ? field : null);
  const fresh = FRESH_DRAFT.advanced;
  return {
    prompt: text(saved.prompt, FRESH_DRAFT.prompt),
    style: choice(saved.style),
    look: choice(saved.look),
    size: choice(saved.size),
    count: typeof saved.count === 'number' && Number.isInteger(saved.count) ? saved.count : 1,
    advanced: {
      negativePrompt: text(advanced?.negativePrompt, fresh.negativePrompt),
      seed: text(advanced?.seed, fresh.seed),
      steps: text(advanced?.steps, fresh.steps),
      enhance: typeof advanced?.enhance === 'boolean' ? advanced.enhance : fresh.enhance,
      cfg: choice(advanced?.cfg),
      sampler: choice(advanced?.sampler),
    },
    source: sourceOf(saved.source) ?? null,
  };
}

// sessionStorage rather than localStorage: the draft lives as long as the tab, which covers every
// way around the app, a reload and a sign-up or age-check detour (all in the same tab), while
// prompts for adult images are not left on a shared computer's disk once the tab is closed.
// Keyed per account, so another account signed in on the same browser never sees it.
const GUEST_KEY = 'lucent.draft.guest';
const keyOf = (uid: string | null) => (uid === null ? GUEST_KEY : `lucent.draft.user.${uid}`);

function load(key: string): FormDraft | null {
  try {
    return readDraft(JSON.parse(sessionStorage.getItem(key) ?? 'null'));
  } catch {
    return null;
  }
}

// Storage can be off (privacy settings, quota); then the form simply starts fresh next time.
function store(key: string, draft: FormDraft | null): void {
  try {
    if (draft === null || JSON.stringify(draft) === JSON.stringify(FRESH_DRAFT)) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // not kept
  }
}

/** The Generate form's draft of each account (`uid`), and of the guest (null). */
export const formDrafts = {
  /**
   * The draft `uid` left, or a fresh form. A guest's draft becomes the draft of the account they
   * sign up or sign in to (it is what they were just writing), and is no longer the guest's.
   */
  recall(uid: string | null): FormDraft {
    const guest = uid === null ? null : load(GUEST_KEY);
    if (uid !== null && guest) {
      store(keyOf(uid), guest);
      store(GUEST_KEY, null);
    }
    return load(keyOf(uid)) ?? FRESH_DRAFT;
  },
  /** Keeps `draft` for `uid`; a fresh form is kept as no draft at all. */
  save(uid: string | null, draft: FormDraft): void {
    store(keyOf(uid), draft);
  },
};
