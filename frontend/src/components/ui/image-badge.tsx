import type { ReactNode } from 'react';

import styles from './image-badge.module.css';

interface ImageBadgeProps {
  /** For the image's control to be described by it. */
  readonly id?: string;
  /** On a small tile of a grid, where the image has little room. */
  readonly compact?: boolean;
  readonly children: ReactNode;
}

/** A few words over an image ('Blurred preview'); what holds the image is positioned. */
export function ImageBadge({ id, compact = false, children }: ImageBadgeProps) {
  return (
    <span id={id} className={compact ? `${styles.badge} ${styles.compact}` : styles.badge}>
      {children}
    </span>
  );
}
