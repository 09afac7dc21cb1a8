import { useRef } from 'react';

import { Modal } from '@/components/ui/modal';
import styles from '@/components/ui/modal.module.css';

interface AgeConfirmDialogProps {
  readonly styleLabel: string;
  readonly pending: boolean;
  readonly error: string | null;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** Asked before the explicit style is selected, when the profile has no 18+ confirmation. */
export function AgeConfirmDialog({ styleLabel, pending, error, onConfirm, onCancel }: AgeConfirmDialogProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);

  return (
    <Modal
      title="Are you 18 or older?"
      description={<p>{styleLabel} makes explicit images. Confirm that you are 18 or older to use it.</p>}
      initialFocus={confirmRef}
      onEscape={onCancel}
    >
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
    </Modal>
  );
}
