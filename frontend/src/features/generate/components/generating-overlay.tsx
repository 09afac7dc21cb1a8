import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useModalFocus } from '@/hooks/use-modal-focus';

import type { GenerationProgress } from '../hooks/use-job-lifecycle';

import styles from './generating-overlay.module.css';

interface GeneratingOverlayProps {
  readonly progress: GenerationProgress;
  readonly done: boolean;
  /** Pro users already generate faster; they are not offered the upgrade. */
  readonly offerUpgrade: boolean;
  /** Cancels the job; only while it waits in line (a running job cannot be canceled). */
  readonly onCancel: (() => void) | null;
  /** Why the last Cancel did not work. */
  readonly cancelError: string | null;
}

/** Covers the page while a generation runs; fixed, so nothing under it moves. */
export function GeneratingOverlay({ progress, done, offerUpgrade, onCancel, cancelError }: GeneratingOverlayProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const percent = progress.fraction === null ? null : Math.round(progress.fraction * 100);
  useModalFocus(ref);

  let status: string;
  if (done) status = 'Done! Opening your images…';
  else if (progress.position !== null && progress.position > 0) status = `Position in queue: ${String(progress.position)}`;
  else if (percent !== null) status = `Rendering… ${String(percent)}%`;
  else status = 'Starting…';

  return (
    <div className={styles.overlay}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        className={styles.overlayCard}
        data-testid="generating-overlay"
      >
        <div className={styles.spinner} aria-hidden="true" />
        <h2 id={`${id}-title`} className={styles.overlayTitle}>
          Generating . . .
        </h2>
        <p className={styles.overlayStatus} role="status">
          {status}
        </p>
        <div
          className={styles.progress}
          role="progressbar"
          aria-label="Generation progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent ?? undefined}
          data-indeterminate={percent === null}
        >
          <div className={styles.progressFill} style={{ width: percent === null ? undefined : `${String(percent)}%` }} />
        </div>
        {!done && progress.etaSeconds !== null && progress.etaSeconds > 0 && (
          <p className={styles.overlayEta}>About {Math.ceil(progress.etaSeconds)} s left</p>
        )}
        {cancelError && (
          <p role="alert" className="alert">
            {cancelError}
          </p>
        )}
        {offerUpgrade && (
          <Link to={paths.subscribe} className="button button-primary">
            Generate Faster
          </Link>
        )}
        {onCancel && (
          <button type="button" className="button button-ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}
