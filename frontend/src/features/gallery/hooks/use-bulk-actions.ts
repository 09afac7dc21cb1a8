import { useMutation } from '@tanstack/react-query';

import { browser } from '@/lib/browser';
import type { Generation } from '@/types/api';

import { deleteGeneration, downloadGeneration, setFavorite } from '../api/generations';

import { useHistoryCache } from './history-cache';

/** What became of an action on several images: those it was done to, and how many failed and why. */
export interface Outcome {
  readonly done: readonly string[];
  readonly failed: number;
  /** The first failure's message. */
  readonly error: string | null;
}

/**
 * `action` on each image in turn, going on past a failure. One at a time: the gateway paces each
 * user's requests, and browsers hold back a burst of downloads.
 */
async function eachOf(
  images: readonly Generation[],
  action: (image: Generation) => Promise<unknown>,
): Promise<Outcome> {
  const done: string[] = [];
  let failed = 0;
  let error: string | null = null;
  for (const image of images) {
    try {
      await action(image);
      done.push(image.id);
    } catch (cause) {
      failed += 1;
      error ??= cause instanceof Error ? cause.message : String(cause);
    }
  }
  return { done, failed, error };
}

/** Delete, Favourite and Download for the images chosen in select mode, as each image's own menu does them. */
export function useBulkActions() {
  const cache = useHistoryCache();
  const remove = useMutation({
    mutationFn: (images: readonly Generation[]) => eachOf(images, (image) => deleteGeneration(image.id)),
    onSuccess: async ({ done }) => {
      const gone = new Set(done);
      cache.change((item) => (gone.has(item.id) ? null : item));
      await cache.reload();
    },
  });
  const favourite = useMutation({
    mutationFn: (images: readonly Generation[]) =>
      eachOf(
        images.filter((image) => !image.favorite),
        (image) => setFavorite(image.id, true),
      ),
    onSuccess: async ({ done }) => {
      const marked = new Set(done);
      cache.change((item) => (marked.has(item.id) ? { ...item, favorite: true } : item));
      await cache.reload();
    },
  });
  const download = useMutation({
    mutationFn: (images: readonly Generation[]) =>
      eachOf(images, async (image) => {
        const { blob, filename } = await downloadGeneration(image);
        browser.saveFile(blob, filename);
      }),
  });
  return { remove, favourite, download };
}
