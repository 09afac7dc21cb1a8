import { AgeLockedImage } from '@/components/age-check/age-locked-image';
import { ImageBadge } from '@/components/ui/image-badge';
import type { Generation } from '@/types/api';

import type { useGenerationImage } from '../hooks/use-generation-image';
import { usePanAndSwipe } from '../hooks/use-pan-and-swipe';
import type { Zoom } from '../hooks/use-zoom';

import styles from './viewer.module.css';

interface ViewerStageProps {
  readonly generation: Generation;
  readonly image: ReturnType<typeof useGenerationImage>;
  readonly zoom: Zoom;
  readonly onZoom: (zoom: Zoom) => void;
  /** A swipe: 1 for the next image, -1 for the previous. */
  readonly onSwipe: (step: 1 | -1) => void;
}

/**
 * The viewer's image: the whole of it fitted to the room there is, or at 100 % or 200 % and
 * dragged about. A double click zooms in (to the first of 100 % and 200 % that is larger than the
 * fitted image) and back to fit. What it shows is what the tile shows: the pixels the gateway
 * served this viewer, or the age check's placeholder. The viewer keys it by image and zoom, so
 * each starts centred.
 */
export function ViewerStage({ generation, image, zoom, onZoom, onSwipe }: ViewerStageProps) {
  const { width, height } = generation;
  const size = zoom === 'fit' ? null : { width: width * zoom, height: height * zoom };
  const { pan, handlers } = usePanAndSwipe(size, onSwipe);

  let content;
  if (image.locked) {
    content = (
      <div className={styles.locked}>
        <AgeLockedImage width={width} height={height} />
      </div>
    );
  } else if (!image.src) {
    content = (
      <div className={styles.placeholder} role="img" aria-label={image.alt}>
        {image.waiting}
      </div>
    );
  } else {
    const drawn = size && {
      width: size.width,
      height: size.height,
      transform: `translate(-50%, -50%) translate(${String(pan.x)}px, ${String(pan.y)}px)`,
    };
    content = (
      <img
        src={image.src}
        alt={image.alt}
        width={width}
        height={height}
        draggable={false}
        className={drawn ? styles.zoomed : styles.fitted}
        style={drawn ?? undefined}
      />
    );
  }

  return (
    <div
      className={styles.stage}
      data-testid="viewer-stage"
      data-zoom={zoom}
      {...handlers}
      onDoubleClick={(event) => {
        if (!image.src) return;
        const stage = event.currentTarget;
        const fitted = Math.min(stage.clientWidth / width, stage.clientHeight / height);
        if (zoom !== 'fit') onZoom('fit');
        else onZoom(fitted < 1 ? 1 : 2);
      }}
    >
      {content}
      {generation.blurred && !image.locked && <ImageBadge>Blurred preview</ImageBadge>}
    </div>
  );
}
