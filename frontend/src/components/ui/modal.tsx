import { useId, useRef, type ReactNode, type RefObject } from 'react';

import { useModalFocus } from '@/hooks/use-modal-focus';

import styles from './modal.module.css';

interface ModalProps {
  readonly title: ReactNode;
  /** What the dialog asks or says: read out with the title when it opens. */
  readonly description: ReactNode;
  readonly descriptionClassName?: string;
  /** Where focus starts; the dialog itself without it. */
  readonly initialFocus?: RefObject<HTMLElement | null>;
  readonly onEscape: () => void;
  readonly className?: string;
  /** The actions, under the description. */
  readonly children: ReactNode;
}

/** A modal dialog over the page: labelled and described, focus kept inside it, Escape to leave. */
export function Modal({ title, description, descriptionClassName, initialFocus, onEscape, className, children }: ModalProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalFocus(dialogRef, initialFocus);

  return (
    <div className={styles.modalBackdrop}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        tabIndex={-1}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className={className ? `${styles.modal} ${className}` : styles.modal}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onEscape();
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <div id={`${id}-text`} className={descriptionClassName}>
          {description}
        </div>
        {children}
      </div>
    </div>
  );
}
