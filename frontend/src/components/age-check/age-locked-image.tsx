import styles from '@/components/ui/image-frame.module.css';

import { VerifyAgeButton } from './verify-age-button';

interface AgeLockedImageProps {
  readonly width: number;
  readonly height: number;
  /** In a square box, as a dense grid lays images out. */
  readonly square?: boolean;
}

/**
 * Stands where an explicit image would, at its aspect ratio, while the viewer's age is not
 * verified: the image itself is never asked for (it would answer 403 `age_check_required`).
 */
export function AgeLockedImage({ width, height, square = false }: AgeLockedImageProps) {
  return (
    <div className={styles.frame} style={{ aspectRatio: square ? '1 / 1' : `${String(width)} / ${String(height)}` }}>
      <div className={`${styles.placeholder} ${styles.locked}`} data-testid="age-locked-image">
        <p>Verify your age to see this image</p>
        <VerifyAgeButton small />
      </div>
    </div>
  );
}
