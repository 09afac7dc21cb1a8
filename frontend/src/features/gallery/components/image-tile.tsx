import { useId, type MouseEvent } from 'react';

import { AgeLockedImage } from '@/components/age-check/age-locked-image';
import { ImageBadge } from '@/components/ui/image-badge';
import { ImageFrame } from '@/components/ui/image-frame';
import type { Generation, SourceModeView } from '@/types/api';

import type { Access } from '../access';
import type { ImageHandlers } from '../image-handlers';
import { useGenerationImage } from '../hooks/use-generation-image';

import { GenerationActions } from './generation-actions';
import styles from './library.module.css';

interface ImageTileProps {
  readonly generation: Generation;
  /** Its place among the images of its job, where the job made more than one: their names differ by it. */
  readonly place: { readonly index: number; readonly of: number } | null;
  readonly access: Access;
  /** Marked new: made on this visit. */
  readonly isNew: boolean;
  readonly sourceModes: readonly SourceModeView[];
  readonly handlers: ImageHandlers;
  /** Pressed outside select mode: the image opens large in the viewer. */
  readonly onOpen: (id: string) => void;
  /** In select mode, whether it is chosen; null outside it. */
  readonly chosen: boolean | null;
  /** Pressed in select mode; `range` with Shift held. */
  readonly onChoose: (id: string, range: boolean) => void;
}

interface TileImageProps {
  /** The tile's id, the prefix of its parts' ids. */
  readonly id: string;
  readonly generation: Generation;
  readonly image: ReturnType<typeof useGenerationImage>;
  /** The image's accessible name. */
  readonly name: string;
  readonly chosen: boolean | null;
  readonly onPress: (event: MouseEvent<HTMLButtonElement>) => void;
}

/**
 * The image as a button that opens it, or in select mode a checkbox. A locked image has nothing
 * to show larger, and its placeholder holds a button of its own: it is only a checkbox, by its
 * side, in select mode.
 */
function TileImage({ id, generation, image, name, chosen, onPress }: TileImageProps) {
  const selecting = chosen !== null;
  const tick = selecting && <span aria-hidden="true" className={styles.tick} />;
  if (image.locked) {
    return (
      <>
        <AgeLockedImage width={generation.width} height={generation.height} square />
        <span id={`${id}-name`} className="visually-hidden">
          {name}
        </span>
        {selecting && (
          <button
            type="button"
            role="checkbox"
            aria-checked={chosen}
            aria-labelledby={`${id}-name`}
            className={styles.choose}
            onClick={onPress}
          >
            {tick}
          </button>
        )}
      </>
    );
  }
  return (
    // Named by the image; the badge, outside it, is read as its description.
    <button
      type="button"
      id={`${id}-image`}
      className={styles.open}
      aria-haspopup={selecting ? undefined : 'dialog'}
      role={selecting ? 'checkbox' : undefined}
      aria-checked={chosen ?? undefined}
      aria-describedby={generation.blurred ? `${id}-badge` : undefined}
      onClick={onPress}
    >
      <ImageFrame
        src={image.src}
        alt={name}
        width={generation.width}
        height={generation.height}
        waiting={image.waiting}
        square
      />
      {tick}
    </button>
  );
}

function TileMarks({ isNew, favorite }: { readonly isNew: boolean; readonly favorite: boolean }) {
  return (
    <div className={styles.marks}>
      {isNew && <span className={styles.newTag}>New</span>}
      {favorite && (
        <span className={styles.star}>
          <span aria-hidden="true">★</span>
          <span className="visually-hidden">Favourite</span>
        </span>
      )}
    </div>
  );
}

/**
 * One image of the grid, its prompt left to its job's caption, the viewer and the menu: the
 * image as a button that opens it, its marks, and its 'Actions' menu. In select mode the same
 * button is a checkbox, so the focus stays on it as the mode comes and goes.
 */
export function ImageTile({
  generation,
  place,
  access,
  isNew,
  sourceModes,
  handlers,
  onOpen,
  chosen,
  onChoose,
}: ImageTileProps) {
  const id = useId();
  const image = useGenerationImage(generation, access);
  // The image's words name its button: an aria-label over them would leave the placeholder's
  // words ('Loading image…') out of the name they are shown in.
  const name = place ? `${image.alt} (${String(place.index)} of ${String(place.of)})` : image.alt;
  const selecting = chosen !== null;
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (selecting) onChoose(generation.id, event.shiftKey);
    else onOpen(generation.id);
  };

  return (
    // Focusable from script: the gallery moves focus to a new image once it is shown.
    <li
      className={styles.tile}
      data-testid="generation-card"
      data-generation-id={generation.id}
      data-chosen={chosen ?? undefined}
      tabIndex={-1}
    >
      <TileImage id={id} generation={generation} image={image} name={name} chosen={chosen} onPress={press} />
      <TileMarks isNew={isNew} favorite={generation.favorite} />
      {generation.blurred && !image.locked && (
        <ImageBadge id={`${id}-badge`} compact>
          Blurred preview
        </ImageBadge>
      )}
      {!selecting && (
        <div className={styles.actions}>
          <GenerationActions
            generation={generation}
            access={access}
            sourceModes={sourceModes}
            handlers={handlers}
            describedBy={image.locked ? `${id}-name` : `${id}-image`}
            compact
          />
        </div>
      )}
    </li>
  );
}
