import type { Catalog, CatalogLimits, GenerationRequest, SourceMode, SourceModeView, Style } from '@/types/api';
import type { Source } from '@/types/navigation';

import { defaultStyle } from './defaults';
import type { FormDraft } from './form-draft';

type Sampler = Catalog['samplers'][number];

/**
 * What the form sends of a draft: only what the catalog gives and the plan allows; a choice
 * either refuses falls back to its default. Until the catalog is here, there is no style, so
 * nothing can be sent.
 */
export interface SentChoices {
  readonly style: Style | undefined;
  /** The sizes the sent style offers. */
  readonly sizes: Style['sizes'];
  readonly size: Style['sizes'][number] | undefined;
  /** The catalog's samplers: none where the backend takes neither guidance nor a sampler. */
  readonly samplers: readonly Sampler[];
  readonly sampler: Sampler | undefined;
  readonly look: string | null;
  /** The most images the plan draws at once. */
  readonly maxCount: number;
  readonly count: number;
  /** The catalog's ways of drawing from an image: none where the backend cannot. */
  readonly sourceModes: readonly SourceModeView[];
  /** The image drawn from and how; null when drawing from the prompt. */
  readonly drawFrom: { readonly image: Source['image']; readonly mode: SourceMode } | null;
  /** What the page knows to be explicit: the style, or the image drawn from. Words are the gateway's to read. */
  readonly explicit: boolean;
}

export function sentChoices(draft: FormDraft, catalog: Catalog | null, pro: boolean, limits: CatalogLimits): SentChoices {
  const chosenStyle = catalog?.styles.find((style) => style.id === draft.style && (!style.pro || pro));
  const style = chosenStyle ?? (catalog ? defaultStyle(catalog) : undefined);
  // Another style's size, or one the style no longer has, falls back to its first.
  const sizes = style?.sizes ?? [];
  const samplers = catalog?.samplers ?? [];
  const lookAllowed = !catalog || catalog.looks.some((option) => option.id === draft.look && (!option.pro || pro));
  const maxCount = pro ? limits.countMaxPro : limits.countMaxFree;
  const sourceModes = catalog?.sourceModes ?? [];
  const allowedModes = sourceModes.filter((mode) => !mode.pro || pro);
  const { source } = draft;
  const mode = source && (allowedModes.find((option) => option.id === source.mode) ?? allowedModes[0]);
  const drawFrom = source && mode ? { image: source.image, mode: mode.id } : null;
  return {
    style,
    sizes,
    size: sizes.find((size) => size.id === draft.size) ?? sizes[0],
    samplers,
    sampler: samplers.find((sampler) => sampler.id === draft.advanced.sampler) ?? samplers[0],
    look: draft.look && lookAllowed ? draft.look : null,
    maxCount,
    count: Math.min(Math.max(1, draft.count), Math.max(1, maxCount)),
    sourceModes,
    drawFrom,
    explicit: style?.nsfw === true || drawFrom?.image.explicit === true,
  };
}

/** The body of `POST /api/v1/jobs` for `draft`, as `sent` allows it. */
export function requestOf(draft: FormDraft, sent: SentChoices): GenerationRequest {
  const { negativePrompt, seed, steps, enhance, cfg } = draft.advanced;
  const { style, drawFrom, sampler } = sent;
  return {
    prompt: draft.prompt,
    // The gateway's catalog always has a default; were it missing, empty asks for the gateway's own.
    style: style?.id ?? null,
    look: sent.look,
    count: sent.count,
    negativePrompt,
    seed,
    steps,
    // An image made from another has its source's size: neither a size nor 2x Enhance applies.
    ...(drawFrom
      ? { source: { generation: drawFrom.image.id, mode: drawFrom.mode }, enhance: false }
      : { size: sent.size?.id ?? null, enhance }),
    // Guidance and sampler only where the backend takes them: the typed scale (the style's when
    // empty) and the sampler the fields show.
    ...(style && sampler && { cfg: cfg?.trim() ? Number(cfg) : style.cfg, sampler: sampler.id }),
  };
}
