import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { Menu, type MenuEntry } from '@/components/ui/menu';
import { useExplicitGate } from '@/lib/age-check';
import { browser } from '@/lib/browser';
import type { Generation, SourceMode, SourceModeView } from '@/types/api';

import type { Access } from '../access';
import { downloadGeneration } from '../api/generations';
import { useDeleteGeneration, useFavorite, useRemoveBlur } from '../hooks/use-history';

import { DeleteImageDialog } from './delete-image-dialog';
import styles from './gallery.module.css';

/** What the page does for the actions that leave the gallery. */
export interface ImageHandlers {
  /** 'Try Again': the same settings and a new seed. */
  readonly onTryAgain: (generation: Generation) => void;
  /** 'Use these settings': the form filled with every setting of the image, its seed too. */
  readonly onUseSettings: (generation: Generation) => void;
  /** 'Vary (subtle)', 'Upscale 2x', …: a new image drawn from this one. */
  readonly onMakeFrom: (generation: Generation, mode: SourceMode) => void;
  /** A guest or free user chose a Premium action, named as the menu names it. */
  readonly onUpgrade: (feature: string) => void;
}

interface GenerationActionsProps {
  readonly generation: Generation;
  readonly access: Access;
  /** How a new image may be made from this one (the catalog's); none where the backend cannot. */
  readonly sourceModes: readonly SourceModeView[];
  readonly handlers: ImageHandlers;
  /** The id of what names the image, read with the menu button. */
  readonly describedBy?: string;
  /** The menu button as '⋯' alone (a tile of the grid). */
  readonly compact?: boolean;
}

const AGE_LOCKED = 'Verify your age to see this image';

/**
 * Everything that can be done with an image, in one 'Actions' menu (the first app's row of
 * controls: docs/product.md, **The result page**), the tile's and the viewer's alike; then the
 * delete's confirmation and what went wrong. The viewer keeps one instance while it moves
 * between images, so what is under way counts only for the image it was asked for.
 */
export function GenerationActions({
  generation,
  access,
  sourceModes,
  handlers,
  describedBy,
  compact = false,
}: GenerationActionsProps) {
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
  const downloading = download.isPending && download.variables.id === id;
  const deleting = (remove.isPending || remove.isSuccess) && remove.variables === id;
  const failed = download.variables?.id === id ? download.error : remove.variables === id ? remove.error : null;
  const alerts = [failed?.message, favorite.error && `Favourite not saved: ${favorite.error.message}`].filter(
    (text) => typeof text === 'string',
  );
  const pro = access === 'pro';
  const waiting = access === 'loading';

  const entries: MenuEntry[] = [];
  if (access !== 'guest') {
    entries.push(
      {
        label: (
          <>
            <span aria-hidden="true">{favorite.favorite ? '★' : '☆'}</span> Favourite
          </>
        ),
        checked: favorite.favorite,
        disabled: waiting || favorite.pending,
        onSelect: favorite.toggle,
      },
      'separator',
    );
  }
  entries.push(
    {
      label: 'Try Again',
      description: 'Draws a new image with these settings and a new seed',
      onSelect: () => {
        handlers.onTryAgain(generation);
      },
    },
    {
      label: 'Use these settings',
      description: 'Fills the Generate form with every setting of this image, its seed too',
      onSelect: () => {
        handlers.onUseSettings(generation);
      },
    },
  );
  if (access !== 'guest') {
    for (const mode of sourceModes) {
      const premium = mode.pro && !pro;
      entries.push({
        label: premium ? (
          <>
            {mode.label} <span className="pro-tag">Pro</span>
          </>
        ) : (
          mode.label
        ),
        disabled: waiting,
        onSelect: () => {
          if (premium) handlers.onUpgrade(mode.label);
          else handlers.onMakeFrom(generation, mode.id);
        },
      });
    }
  }
  entries.push('separator');
  if (pro) {
    // The gateway serves an explicit image only to a verified adult, as a file too.
    entries.push(
      {
        label: 'Remove blur',
        disabled: !generation.blurred || locked,
        description: locked ? AGE_LOCKED : generation.blurred ? undefined : 'This image is already sharp',
        onSelect: () => {
          removeBlur(generation);
        },
      },
      {
        label: downloading ? 'Downloading…' : 'Download',
        disabled: downloading || deleting || locked,
        description: locked ? AGE_LOCKED : undefined,
        onSelect: () => {
          remove.reset();
          download.mutate(generation);
        },
      },
    );
  } else {
    for (const feature of ['Remove blur', 'Download']) {
      entries.push({
        label: feature,
        disabled: waiting,
        onSelect: () => {
          handlers.onUpgrade(feature);
        },
      });
    }
  }
  // Anyone may erase what they made; download and sharp pixels stay Premium's.
  if (pro || access === 'free') {
    entries.push('separator', {
      label: 'Delete…',
      disabled: downloading || deleting,
      onSelect: () => {
        download.reset();
        setConfirming(id);
      },
    });
  }

  return (
    <>
      <Menu label="Actions" entries={entries} describedBy={describedBy} compact={compact} />
      {confirming === id && (
        <DeleteImageDialog
          pending={deleting}
          onConfirm={() => {
            remove.mutate(id, {
              onError: () => {
                setConfirming(null);
              },
            });
          }}
          onCancel={() => {
            setConfirming(null);
          }}
        />
      )}
      {alerts.length > 0 && (
        <div className={styles.alerts}>
          {alerts.map((alert) => (
            <p key={alert} role="alert" className="alert">
              {alert}
            </p>
          ))}
        </div>
      )}
    </>
  );
}
