import type { Catalog, CatalogLimits, Style } from '@/types/api';

/** Prefilled in the prompt box (spec: "A default prompt text is prefilled"). */
export const DEFAULT_PROMPT =
  'A portrait of a young woman with freckles by a window, soft natural light, 85 mm photo, detailed skin texture';

/** Used until the catalog arrives, and if it leaves a limit out. */
export const DEFAULT_LIMITS: CatalogLimits = {
  promptMax: 500,
  negativePromptMax: 500,
  stepsDefault: 30,
  stepsMaxFree: 30,
  stepsMaxPro: 50,
  countMaxFree: 1,
  countMaxPro: 4,
  cfgMin: 1,
  cfgMax: 20,
  cfgStep: 0.5,
};

/**
 * The largest seed the gateway takes (a u32, as A1111's); GenerationBody's `seed` in
 * contracts/openapi.json: a whole number, or empty or -1 for a random one.
 */
export const SEED_MAX = 4_294_967_295;

/**
 * Placeholders of the seed and step fields (docs/product.md, The prompt page). An empty seed is
 * a random one, so its placeholder says so: the first app's '100' read as a seed that would be sent.
 */
export const SEED_PLACEHOLDER = 'Random';
export const STEPS_PLACEHOLDER = '30';

export function defaultStyle(catalog: Catalog): Style | undefined {
  return catalog.styles.find((style) => style.default) ?? catalog.styles.find((style) => !style.pro);
}
