import { api } from '@/lib/api-client';
import { randomImageFilename } from '@/lib/browser';
import type { Generation, GenerationPage } from '@/types/api';

export const HISTORY_PAGE_SIZE = 12;

export function fetchHistory(cursor: string | null, signal?: AbortSignal): Promise<GenerationPage> {
  const query = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api.get<GenerationPage>(`/generations?${query.toString()}`, { signal });
}

export function deleteGeneration(id: string): Promise<void> {
  return api.delete(`/generations/${encodeURIComponent(id)}`);
}

/** The original PNG (pro only), named as the gateway's `Content-Disposition` says. */
export async function downloadGeneration(generation: Generation): Promise<{ blob: Blob; filename: string }> {
  const separator = generation.imageUrl.includes('?') ? '&' : '?';
  const { blob, filename } = await api.file(`${generation.imageUrl}${separator}download=1`);
  return { blob, filename: filename ?? randomImageFilename() };
}
