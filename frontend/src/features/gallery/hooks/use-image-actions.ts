import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { useExplicitGate } from '@/lib/age-check';
import { browser } from '@/lib/browser';
import type { Generation } from '@/types/api';

import { downloadGeneration } from '../api/generations';

import { useDeleteGeneration, useFavorite, useRemoveBlur } from './use-history';

/**
 * What can be done to `generation` from its menu, and what is under way or went wrong. The viewer
 * keeps one instance while it moves between images, so what is under way counts only for the
 * image it was asked for.
 */
export function useImageActions(generation: Generation) {
  const { id } = generation;
  const [confirming, setConfirming] = useState<string | null>(null);
  const { locked } = useExplicitGate(generation);
  const removeBlur = useRemoveBlur();
  const download = useMutation({
    mutationFn: downloadGeneration,
    onSuccess: ({ blob, filename }) => {
      browser.saveFile(blob, filename);
    },
  });
  const remove = useDeleteGeneration();
  const favorite = useFavorite(generation);
  const failed = download.variables?.id === id ? download.error : remove.variables === id ? remove.error : null;

  return {
    favorite,
    /** An explicit image this viewer may not see yet: the gateway serves it to verified adults only, as a file too. */
    locked,
    downloading: download.isPending && download.variables.id === id,
    deleting: (remove.isPending || remove.isSuccess) && remove.variables === id,
    /** The delete's confirmation is open. */
    confirming: confirming === id,
    alerts: [failed?.message, favorite.error && `Favourite not saved: ${favorite.error.message}`].filter(
      (text) => typeof text === 'string',
    ),
    removeBlur: () => {
      removeBlur(generation);
    },
    download: () => {
      remove.reset();
      download.mutate(generation);
    },
    askDelete: () => {
      download.reset();
      setConfirming(id);
    },
    confirmDelete: () => {
      remove.mutate(id, {
        onError: () => {
          setConfirming(null);
        },
      });
    },
    cancelDelete: () => {
      setConfirming(null);
    },
  };
}
