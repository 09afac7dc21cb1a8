import { zoomLabel, type Zoom } from '../hooks/use-zoom';

import styles from './viewer.module.css';

interface ZoomControlsProps {
  readonly zoom: Zoom;
  /** Nothing to zoom: the image is not loaded, or is locked. */
  readonly disabled: boolean;
  readonly onZoomIn: () => void;
  readonly onZoomOut: () => void;
}

/**
 * Zoom out, the level, zoom in (also the keys -, 0 and +). At either end its button is
 * aria-disabled rather than disabled, so the focus stays on it.
 */
export function ZoomControls({ zoom, disabled, onZoomIn, onZoomOut }: ZoomControlsProps) {
  const cannotOut = disabled || zoom === 'fit';
  const cannotIn = disabled || zoom === 2;
  return (
    <div role="group" aria-label="Zoom" className={styles.zoom}>
      <button
        type="button"
        className="button button-small button-ghost"
        aria-label="Zoom out"
        aria-disabled={cannotOut || undefined}
        onClick={() => {
          if (!cannotOut) onZoomOut();
        }}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className={styles.zoomLevel}>{zoomLabel(zoom)}</output>
      <button
        type="button"
        className="button button-small button-ghost"
        aria-label="Zoom in"
        aria-disabled={cannotIn || undefined}
        onClick={() => {
          if (!cannotIn) onZoomIn();
        }}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
