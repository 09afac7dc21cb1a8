import type { ReactNode, Ref } from 'react';

import styles from './image-frame.module.css';

interface ImageFrameProps {
  /** The image's object URL once loaded. */
  readonly src: string | null | undefined;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
  /** What stands in the image's place until it is there (loading, an error, a sign-in hint). */
  readonly waiting: string;
  /** In a square box, the whole image letterboxed in it: a dense grid keeps its rows even. */
  readonly square?: boolean;
  readonly ref?: Ref<HTMLDivElement>;
  /** Overlays, such as a badge. */
  readonly children?: ReactNode;
}

/**
 * An image at its own aspect ratio (or whole in a square), or, until it is loaded, a placeholder
 * saying why not.
 */
export function ImageFrame({ src, alt, width, height, waiting, square = false, ref, children }: ImageFrameProps) {
  return (
    <div
      ref={ref}
      className={styles.frame}
      style={{ aspectRatio: square ? '1 / 1' : `${String(width)} / ${String(height)}` }}
    >
      {src ? (
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          className={square ? `${styles.image} ${styles.whole}` : styles.image}
        />
      ) : (
        <div className={styles.placeholder} role="img" aria-label={alt}>
          <span>{waiting}</span>
        </div>
      )}
      {children}
    </div>
  );
}
