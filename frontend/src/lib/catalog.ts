import { useQuery } from '@tanstack/react-query';

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
