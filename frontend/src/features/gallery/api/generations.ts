import { client, fetchFile, unwrap } from '@/lib/api-client';
import { randomImageFilename } from '@/lib/browser';
import type { Generation, GenerationPage } from '@/types/api';

/** A few rows of the grid at a time; scrolling near the end asks for the next. */
export const HISTORY_PAGE_SIZE = 24;

/** What the saved images are narrowed to; each empty or false one keeps all. */
export interface HistoryFilters {
  /** Favourites only. */
  readonly favorite: boolean;
  /** A style id; '' for all styles. */
  readonly style: string;
  /** Words of the prompt, whatever the case; '' for any. */
  readonly q: string;
}

export const NO_FILTERS: HistoryFilters = { favorite: false, style: '', q: '' };

export function fetchHistory(
  filters: HistoryFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<GenerationPage> {
  const query = {
    limit: HISTORY_PAGE_SIZE,
    ...(cursor && { cursor }),
    ...(filters.favorite && { favorite: true }),
    ...(filters.style && { style: filters.style }),
    ...(filters.q && { q: filters.q }),
  };
  return unwrap(client.GET('/api/v1/generations', { params: { query }, signal }));
}

export async function deleteGeneration(id: string): Promise<void> {
  await unwrap(client.DELETE('/api/v1/generations/{id}', { params: { path: { id } } }));
}

/** Marks one of the caller's images a favourite, or unmarks it. */
export async function setFavorite(id: string, favorite: boolean): Promise<void> {
  const options = { params: { path: { id } } };
  await unwrap(
    favorite
      ? client.PUT('/api/v1/generations/{id}/favorite', options)
      : client.DELETE('/api/v1/generations/{id}/favorite', options),
  );
}

/** The original PNG (pro only), named as the gateway's `Content-Disposition` says. */
export async function downloadGeneration(generation: Generation): Promise<{ blob: Blob; filename: string }> {
  const separator = generation.imageUrl.includes('?') ? '&' : '?';
  const { blob, filename } = await fetchFile(`${generation.imageUrl}${separator}download=1`);
  return { blob, filename: filename ?? randomImageFilename() };
}
