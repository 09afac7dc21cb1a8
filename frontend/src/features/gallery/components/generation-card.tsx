import { useId } from 'react';

import { AgeLockedImage } from '@/components/age-check/age-locked-image';
import { ImageFrame } from '@/components/ui/image-frame';
import type { Labels } from '@/lib/catalog';
import type { Generation, SourceModeView } from '@/types/api';

import type { Access } from '../access';
import { useGenerationImage } from '../hooks/use-generation-image';

import styles from './gallery.module.css';
import { GenerationActions, type ImageHandlers } from './generation-actions';
import { GenerationDetails } from './generation-details';

interface GenerationCardProps {
  readonly generation: Generation;
  readonly access: Access;
  /** Its style, look, size and sampler by the catalog's names (see labelsOf). */
  readonly labels: Labels;
  /** Its guidance scale, sampler and size by name, those it records (see settingsOf). */
  readonly settings: readonly string[];
  /** Marked new: made on this visit. */
  readonly isNew: boolean;
  readonly sourceModes: readonly SourceModeView[];
  readonly handlers: ImageHandlers;
  /** The image was pressed: it opens large in the viewer. */
  readonly onOpen: (id: string) => void;
}

/** One saved image: the image itself, which opens the viewer, what it was drawn with, and its actions. */
export function GenerationCard({
  generation,
  access,
  labels,
  settings,
  isNew,
  sourceModes,
  handlers,
  onOpen,
}: GenerationCardProps) {
  const id = useId();
  const image = useGenerationImage(generation, access);

  return (
    // Focusable from script: the gallery moves focus to a new image once it is shown.
    <article
      className={styles.card}
      aria-labelledby={`${id}-prompt`}
      data-testid="generation-card"
      data-generation-id={generation.id}
      tabIndex={-1}
    >
      {/* A locked image has nothing to show larger, and its placeholder holds a button of its own. */}
      {image.locked ? (
        <AgeLockedImage width={generation.width} height={generation.height} />
      ) : (
        <div className={styles.media}>
          {/* Named by the image alone; the badge, outside it, is read as its description. */}
          <button
            type="button"
            className={styles.open}
            aria-haspopup="dialog"
            aria-describedby={generation.blurred ? `${id}-badge` : undefined}
            onClick={() => {
              onOpen(generation.id);
            }}
          >
            <ImageFrame
              src={image.src}
              alt={image.alt}
              width={generation.width}
              height={generation.height}
              waiting={image.waiting}
            />
          </button>
          {generation.blurred && (
            <span id={`${id}-badge`} className={styles.badge}>
              Blurred preview
            </span>
          )}
        </div>
      )}

      <div className={styles.body}>
        {isNew && <span className={styles.newTag}>New</span>}
        <p id={`${id}-prompt`} className={styles.prompt}>
          {generation.prompt}
        </p>
        <p className={styles.meta}>
          {[
            labels.style,
            `seed ${String(generation.seed)}`,
            `${String(generation.steps)} steps`,
            ...settings,
            `${String(generation.width)}×${String(generation.height)}`,
          ].join(' · ')}
        </p>
        <GenerationDetails generation={generation} labels={labels} />
        <GenerationActions
          generation={generation}
          access={access}
          sourceModes={sourceModes}
          handlers={handlers}
          describedBy={`${id}-prompt`}
        />
      </div>
    </article>
  );
}
