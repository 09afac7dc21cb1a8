import { useEffect, useRef, useState } from 'react';

import { useReasonedAction } from '../hooks/use-reasoned-action';

import { ConfirmStep } from './confirm-step';
import { ReasonField } from './reason-field';
import styles from './staff.module.css';

interface ItemActionProps {
  /** The button that opens the form: "Delete…". */
  readonly openLabel: string;
  /** The action cannot be undone: the button says so in red. */
  readonly danger?: boolean;
  /** The form's accessible name: "Delete this image". */
  readonly formLabel: string;
  /** What did not happen, in front of a refusal: "The image was not deleted." */
  readonly failed: string;
  readonly reviewLabel: string;
  /** Closes the form without acting: "Keep the image". */
  readonly closeLabel: string;
  /** Exactly what will happen, as a question. */
  readonly question: string;
  readonly confirmLabel: string;
  readonly pendingLabel: string;
  readonly pending: boolean;
  /**
   * Sends the action with the trimmed reason. A success takes the item's form off the page (the
   * item goes, or no longer offers the action), so the list that holds it says what was done.
   */
  readonly send: (reason: string) => Promise<unknown>;
}

type FormProps = Omit<ItemActionProps, 'openLabel' | 'danger'> & { readonly onClose: () => void };

function ItemActionForm({ formLabel, reviewLabel, closeLabel, send, onClose, ...words }: FormProps) {
  const { steps, formRef, reviewRef, confirmRef, review, locked, reason, confirmation } = useReasonedAction({
    ...words,
    labels: { reason: 'The reason' },
    // A success takes the form off the page: the list that holds the item says what was done.
    send: async (trimmed) => {
      await send(trimmed);
      return null;
    },
  });
  const reasonBox = useRef<HTMLDivElement>(null);

  // Opening the form takes the focus to its first field.
  useEffect(() => {
    reasonBox.current?.querySelector('textarea')?.focus();
  }, []);

  return (
    <form ref={formRef} noValidate aria-label={formLabel} className={styles.itemForm} onSubmit={review}>
      <fieldset disabled={locked} className={styles.fields}>
        <div ref={reasonBox}>
          <ReasonField {...reason} />
        </div>
        <div className={styles.buttons}>
          <button ref={reviewRef} type="submit" className="button button-small">
            {reviewLabel}
          </button>
          <button type="button" className="button button-small button-ghost" onClick={onClose}>
            {closeLabel}
          </button>
        </div>
      </fieldset>
      {steps.confirming && <ConfirmStep {...confirmation} confirmRef={confirmRef} />}
      {steps.formError && (
        <p role="alert" className="alert">
          {steps.formError}
        </p>
      )}
    </form>
  );
}

/**
 * An action on one item of a list (an image, a refusal): a button that opens a reason, a review
 * and a confirmation. Closing the form brings the button back, with the focus on it.
 */
export function ItemAction({ openLabel, danger = false, ...form }: ItemActionProps) {
  const [open, setOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!returnFocus.current) return;
    returnFocus.current = false;
    openButton.current?.focus();
  });

  if (open) {
    return (
      <ItemActionForm
        {...form}
        onClose={() => {
          returnFocus.current = true;
          setOpen(false);
        }}
      />
    );
  }
  return (
    <div className={styles.buttons}>
      <button
        ref={openButton}
        type="button"
        className={`button button-small${danger ? ' button-danger' : ''}`}
        onClick={() => {
          setOpen(true);
        }}
      >
        {openLabel}
      </button>
    </div>
  );
}
