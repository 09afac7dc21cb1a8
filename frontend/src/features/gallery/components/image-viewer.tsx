import { useEffect, useId, useRef, type KeyboardEvent } from 'react';

import { useModalFocus } from '@/hooks/use-modal-focus';
import { labelsOf, useCatalog } from '@/lib/catalog';
import type { Generation, SourceModeView } from '@/types/api';

import type { Access } from '../access';
import type { ImageHandlers } from '../image-handlers';
import { useGenerationImage } from '../hooks/use-generation-image';
import { useZoom } from '../hooks/use-zoom';

import { GenerationActions } from './generation-actions';
import { GenerationDetails } from './generation-details';
import styles from './viewer.module.css';
import { ViewerStage } from './viewer-stage';
import { ZoomControls } from './zoom-controls';

interface ImageViewerProps {
  readonly generation: Generation;
  /** Its place in the loaded history, from 1. */
  readonly position: number;
  readonly total: number;
  readonly access: Access;
  readonly sourceModes: readonly SourceModeView[];
  readonly handlers: ImageHandlers;
  /** To the next image (1) or the previous one (-1). */
  readonly onStep: (by: 1 | -1) => void;
  readonly onClose: () => void;
}

/** While the viewer is open the page behind it stays where it is. */
function useLockPageScroll() {
  useEffect(() => {
    const { body } = document;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previous;
    };
  }, []);
}

/**
 * One image of the history large, in a modal dialog: the image fitted to the window (zoomed and
 * dragged at will), its details and its actions menu. Left and Right (a swipe, the buttons) go
 * through the loaded history; Escape closes it, and the focus goes back to the image that
 * opened it.
 */
export function ImageViewer({
  generation,
  position,
  total,
  access,
  sourceModes,
  handlers,
  onStep,
  onClose,
}: ImageViewerProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalFocus(dialogRef);
  useLockPageScroll();
  const { catalog } = useCatalog();
  const image = useGenerationImage(generation, access);
  const zoom = useZoom(generation.id);
  const canZoom = image.src !== null;

  // A control that went with the last image (the age check's button on a locked one) leaves the
  // focus on nothing, where the keys would no longer reach the viewer.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus();
  }, [generation.id]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Keys pressed in the actions menu, or in a dialog opened over this one, are theirs.
    const owner = event.target instanceof Element ? event.target.closest('[role="dialog"], [role="menu"]') : null;
    if (owner !== dialogRef.current || event.altKey || event.ctrlKey || event.metaKey) return;
    switch (event.key) {
      case 'ArrowLeft':
        onStep(-1);
        break;
      case 'ArrowRight':
        onStep(1);
        break;
      case 'Escape':
        onClose();
        break;
      case '+':
      case '=':
        if (canZoom) zoom.zoomIn();
        break;
      case '-':
        if (canZoom) zoom.zoomOut();
        break;
      case '0':
        zoom.set('fit');
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <div className={styles.backdrop}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-prompt`}
        tabIndex={-1}
        className={styles.viewer}
        onKeyDown={onKeyDown}
      >
        <div className={styles.bar}>
          <h2 id={`${id}-title`} className={styles.title} aria-live="polite">
            Image {position} of {total}
          </h2>
          <ZoomControls zoom={zoom.zoom} disabled={!canZoom} onZoomIn={zoom.zoomIn} onZoomOut={zoom.zoomOut} />
          <GenerationActions
            generation={generation}
            access={access}
            sourceModes={sourceModes}
            handlers={handlers}
            describedBy={`${id}-prompt`}
          />
          <button type="button" className="button button-small button-ghost" onClick={onClose}>
            Close
          </button>
        </div>

        <div className={styles.main}>
          <ViewerStage
            key={`${generation.id}:${String(zoom.zoom)}`}
            generation={generation}
            image={image}
            zoom={zoom.zoom}
            onZoom={zoom.set}
            onSwipe={onStep}
          />
          <button
            type="button"
            className={`${styles.step} ${styles.previous}`}
            aria-label="Previous image"
            aria-disabled={position === 1 || undefined}
            onClick={() => {
              onStep(-1);
            }}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className={`${styles.step} ${styles.next}`}
            aria-label="Next image"
            aria-disabled={position === total || undefined}
            onClick={() => {
              onStep(1);
            }}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>

        <div className={styles.info}>
          <p id={`${id}-prompt`} className={styles.prompt}>
            {generation.prompt}
          </p>
          <GenerationDetails generation={generation} labels={labelsOf(catalog, generation)} />
        </div>
      </div>
    </div>
  );
}
