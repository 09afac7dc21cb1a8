import { useId, type ReactNode, type RefObject } from 'react';

import styles from './staff.module.css';

interface ConfirmStepProps {
  /** Exactly what will happen, as a question. */
  readonly question: string;
  readonly confirmLabel: string;
  readonly pendingLabel: string;
  readonly pending: boolean;
  /** The confirm button is red: what it does cannot be undone. */
  readonly danger?: boolean;
  readonly confirmRef: RefObject<HTMLButtonElement | null>;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly children?: ReactNode;
}

/**
 * The question and its two answers; the group is named by the question and described by the
 * details under it, both read on focus. Escape answers Cancel.
 */
export function ConfirmStep({
  question,
  confirmLabel,
  pendingLabel,
  pending,
  danger = false,
  confirmRef,
  onConfirm,
  onCancel,
  children,
}: ConfirmStepProps) {
  const id = useId();
  return (
    <div
      role="group"
      aria-labelledby={id}
      aria-describedby={children ? `${id}-details` : undefined}
      className={styles.confirm}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || pending) return;
        event.preventDefault();
        onCancel();
      }}
    >
      <p id={id} className={styles.question}>
        {question}
      </p>
      {children && (
        <div id={`${id}-details`} className={styles.details}>
          {children}
        </div>
      )}
      <div className={styles.buttons}>
        <button
          ref={confirmRef}
          type="button"
          className={`button ${danger ? 'button-danger' : 'button-primary'}`}
          disabled={pending}
          onClick={onConfirm}
        >
          {pending ? pendingLabel : confirmLabel}
        </button>
        <button type="button" className="button button-ghost" disabled={pending} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
