import { client, fetchFile, unwrap } from '@/lib/api-client';
import { randomImageFilename } from '@/lib/browser';
import type { Generation, GenerationPage } from '@/types/api';

export const HISTORY_PAGE_SIZE = 12;

export function fetchHistory(cursor: string | null, signal?: AbortSignal): Promise<GenerationPage> {
  const query = cursor ? { limit: HISTORY_PAGE_SIZE, cursor } : { limit: HISTORY_PAGE_SIZE };
  return unwrap(client.GET('/api/v1/generations', { params: { query }, signal }));
}

export async function deleteGeneration(id: string): Promise<void> {
  await unwrap(client.DELETE('/api/v1/generations/{id}', { params: { path: { id } } }));
}

/** The original PNG (pro only), named as the gateway's `Content-Disposition` says. */
export async function downloadGeneration(generation: Generation): Promise<{ blob: Blob; filename: string }> {
  const separator = generation.imageUrl.includes('?') ? '&' : '?';
  const { blob, filename } = await fetchFile(`${generation.imageUrl}${separator}download=1`);
  return { blob, filename: filename ?? randomImageFilename() };
}
