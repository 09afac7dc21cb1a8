import { useRef } from 'react';

import { Modal } from '@/components/ui/modal';
import styles from '@/components/ui/modal.module.css';

interface DeleteImageDialogProps {
  /** How many images are to go: one from its own menu, or those chosen in select mode. */
  readonly count?: number;
  readonly pending: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/**
 * Asked once before images are deleted, since nothing brings them back; Cancel has the focus.
 * Once the delete is sent, nothing here can stop it, so both buttons wait (aria-disabled, not
 * disabled: the focus stays where it was).
 */
export function DeleteImageDialog({ count = 1, pending, onConfirm, onCancel }: DeleteImageDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const unlessPending = (action: () => void) => () => {
    if (!pending) action();
  };
  return (
    <Modal
      title={count === 1 ? 'Delete this image?' : `Delete ${count} images?`}
      description={
        <p>
          {count === 1
            ? 'It leaves your images for good, with its settings.'
            : 'They leave your images for good, with their settings.'}
        </p>
      }
      initialFocus={cancelRef}
      onEscape={unlessPending(onCancel)}
    >
      <div className={styles.modalActions}>
        <button
          ref={cancelRef}
          type="button"
          className="button"
          aria-disabled={pending || undefined}
          onClick={unlessPending(onCancel)}
        >
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          aria-disabled={pending || undefined}
          onClick={unlessPending(onConfirm)}
        >
          {pending ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </Modal>
  );
}
