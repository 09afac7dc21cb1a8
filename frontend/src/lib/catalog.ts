import { useQuery } from '@tanstack/react-query';

import { DEFAULT_PLANS, type Plans } from '@/config/plans';
import { client, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import type { Catalog, Generation } from '@/types/api';

/** What can be asked for; it changes only with a deploy, so it is fetched once per page load. */
export function useCatalog() {
  const query = useQuery({
    queryKey: queryKeys.catalog,
    queryFn: ({ signal }) => unwrap(client.GET('/api/v1/catalog', { signal })),
    staleTime: Infinity,
  });
  return {
    catalog: query.data ?? null,
    error: query.error?.message ?? null,
    retry: () => void query.refetch(),
  };
}

/** Each plan's credits from the catalog; the shipped defaults until it has loaded (or if it cannot). */
export function usePlans(): Plans {
  return useCatalog().catalog?.plans ?? DEFAULT_PLANS;
}

/** The note shown when images come from the built-in renderer rather than an AI model. */
export function rendererNote(catalog: Catalog | null): string | null {
  const renderer = catalog?.renderer;
  return renderer?.kind === 'builtin' ? renderer.label : null;
}

/**
 * The id of the size `generation` was made at: the one of its style's sizes whose sides, doubled
 * when it was enhanced, are the image's pixels. Undefined without the catalog, or when the style
 * no longer offers such a size (the form then takes the style's first).
 */
export function sizeOf(catalog: Catalog | null, generation: Generation): string | undefined {
  const factor = generation.enhance ? 2 : 1;
  const style = catalog?.styles.find((option) => option.id === generation.style);
  return style?.sizes.find(
    (size) => size.width * factor === generation.width && size.height * factor === generation.height,
  )?.id;
}

/** The catalog's names for what `generation` was drawn with; its ids where the catalog has none. */
export interface Labels {
  readonly style: string;
  readonly look: string | null;
  readonly size: string | null;
  readonly sampler: string | null;
  /** How it was made from another image ('Vary (subtle)'). */
  readonly source: string | null;
}

/** The labels of `generation`'s style, look, size, sampler and source mode; null for what it does not record. */
export function labelsOf(catalog: Catalog | null, generation: Generation): Labels {
  const { look, sampler, size } = generation;
  const mode = generation.source?.mode;
  const style = catalog?.styles.find((option) => option.id === generation.style);
  return {
    style: style?.label ?? generation.style,
    look: look ? (catalog?.looks.find((option) => option.id === look)?.label ?? look) : null,
    size: size ? (style?.sizes.find((option) => option.id === size)?.label ?? size) : null,
    sampler: sampler ? (catalog?.samplers.find((option) => option.id === sampler)?.label ?? sampler) : null,
    source: mode ? (catalog?.sourceModes.find((option) => option.id === mode)?.label ?? mode) : null,
  };
}

/**
 * What else `generation` was drawn with, as the image cards say it: its guidance scale
 * ('CFG 4.5'), sampler ('sampler Euler a') and size ('Portrait 2:3'), by the catalog's labels
 * where it has them and by id otherwise; what the image does not record (it was made before it
 * could be picked) is left out.
 */
export function settingsOf(catalog: Catalog | null, generation: Generation): string[] {
  const { cfg } = generation;
  const labels = labelsOf(catalog, generation);
  return [
    typeof cfg === 'number' ? `CFG ${String(cfg)}` : null,
    labels.sampler ? `sampler ${labels.sampler}` : null,
    labels.size,
  ].filter((setting): setting is string => Boolean(setting));
}
