import { useId, useRef, type KeyboardEvent } from 'react';

import styles from '@/components/ui/modal.module.css';
import { useModalFocus } from '@/hooks/use-modal-focus';

interface AgeConfirmDialogProps {
  readonly styleLabel: string;
  readonly pending: boolean;
  readonly error: string | null;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** Asked before the explicit style is selected, when the profile has no 18+ confirmation. */
export function AgeConfirmDialog({ styleLabel, pending, error, onConfirm, onCancel }: AgeConfirmDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useModalFocus(dialogRef, confirmRef);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') onCancel();
  }

  return (
    <div className={styles.modalBackdrop}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        tabIndex={-1}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className={styles.modal}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`}>Are you 18 or older?</h2>
        <p id={`${id}-text`}>
          {styleLabel} makes explicit images. Confirm that you are 18 or older to use it.
        </p>
        {error && (
          <p role="alert" className="alert">
            {error}
          </p>
        )}
        <div className={styles.modalActions}>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button ref={confirmRef} type="button" className="button button-primary" disabled={pending} onClick={onConfirm}>
            I am 18 or older
          </button>
        </div>
      </div>
    </div>
  );
}
