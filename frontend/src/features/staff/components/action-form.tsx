import { useId, type ReactNode } from 'react';

import type { FieldErrors } from '../hooks/use-action-steps';
import { useReasonedAction } from '../hooks/use-reasoned-action';

import { ActionOutcome } from './action-outcome';
import { ConfirmStep } from './confirm-step';
import { ReasonField } from './reason-field';
import styles from './staff.module.css';

/** What a form's own fields get: their errors, and a way to clear one once edited. */
export interface FieldProps<Field extends string> {
  readonly errors: FieldErrors<Field | 'reason'>;
  readonly edited: (field: Field) => void;
}

interface ActionFormProps<Field extends string> {
  readonly title: string;
  /** The heading's level: 3 on a user's card, 4 within a part of it, 2 on its own. */
  readonly level?: 2 | 3 | 4;
  /** Each field's name in a sentence ("The last day"), for the gateway's field errors. */
  readonly labels: Record<Field | 'reason', string>;
  /** What did not happen, in front of a refusal: "The plan was not changed." */
  readonly failed: string;
  readonly reviewLabel: string;
  /** Exactly what will happen, as a question. */
  readonly question: string;
  /** Shown under the question: what the action takes with it. */
  readonly details?: ReactNode;
  readonly confirmLabel: string;
  readonly pendingLabel: string;
  readonly pending: boolean;
  /** The form's own checks of its fields (the reason is checked here). */
  readonly check?: () => FieldErrors<Field>;
  /**
   * Sends the change with the trimmed reason; resolves to the success message, or to null when
   * the change takes the form off the page (the account is gone) and the card says what was done.
   */
  readonly send: (reason: string) => Promise<string | null>;
  /** The form's own fields, above the reason; none when the reason is all it asks. */
  readonly fields?: (props: FieldProps<Field>) => ReactNode;
  /** Shown under the reason. */
  readonly note?: ReactNode;
  /** The action cannot be undone: the form and its buttons say so in red. */
  readonly danger?: boolean;
}

/**
 * A change by hand on a card: the form's fields and a reason, a review, then a confirmation that
 * says exactly what will happen (see `useReasonedAction`).
 */
export function ActionForm<Field extends string>({
  title,
  level = 3,
  labels,
  failed,
  reviewLabel,
  question,
  details,
  confirmLabel,
  pendingLabel,
  pending,
  check,
  send,
  fields,
  note,
  danger = false,
}: ActionFormProps<Field>) {
  const { steps, formRef, reviewRef, confirmRef, review, locked, reason, confirmation } = useReasonedAction<Field>({
    labels,
    failed,
    check,
    send,
    pending,
    question,
    confirmLabel,
    pendingLabel,
  });
  const headingId = useId();
  const Heading = `h${String(level)}` as 'h2' | 'h3' | 'h4';

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={headingId}
      className={`${styles.action}${danger ? ` ${styles.danger}` : ''}`}
      onSubmit={review}
    >
      <Heading id={headingId} className={level === 2 ? styles.cardTitle : styles.subTitle}>
        {title}
      </Heading>
      <fieldset disabled={locked} className={styles.fields}>
        {fields?.({ errors: steps.errors, edited: steps.edited })}
        <ReasonField {...reason} />
        {note}
        <div className={styles.buttons}>
          <button ref={reviewRef} type="submit" className={`button${danger ? ' button-danger' : ''}`}>
            {reviewLabel}
          </button>
        </div>
      </fieldset>
      {steps.confirming && (
        <ConfirmStep {...confirmation} danger={danger} confirmRef={confirmRef}>
          {details}
        </ConfirmStep>
      )}
      <ActionOutcome formError={steps.formError} done={steps.done} />
    </form>
  );
}
