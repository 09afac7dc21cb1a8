import { useEffect, useId, useRef, useState, type ReactNode, type RefObject, type SubmitEvent } from 'react';

import { TextAreaField } from '@/components/ui/text-field';
import { ApiError, invalidField } from '@/lib/api-client';

import { explain } from './load-error';
import styles from './staff.module.css';

/** What is wrong with each field of an action's form, as shown on the field. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** Every action by hand says why; the gateway also checks it (and its 500-character limit). */
export function checkReason(reason: string): string | undefined {
  return reason.trim() === '' ? 'The reason must say why (it goes into the audit trail).' : undefined;
}

/** The gateway's messages are lower-case phrases ("user not found"): made a sentence. */
function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** Why the gateway refused, for the message above the buttons (field errors go on the field). */
function refusal(error: Error, failed: string): string {
  if (error instanceof ApiError && error.code === 'own_record') {
    return `${failed} Staff cannot change their own record: ask another member of staff to do it.`;
  }
  return `${failed} ${sentence(explain(error))}`;
}

/** The elements the focus moves between, owned by the form. */
export interface StepRefs {
  readonly form: RefObject<HTMLFormElement | null>;
  readonly reviewButton: RefObject<HTMLButtonElement | null>;
  readonly confirmButton: RefObject<HTMLButtonElement | null>;
}

/**
 * The steps every change by hand goes through: fill in the form (with a reason), review, then
 * confirm a sentence that says exactly what will happen. Focus follows: to the confirm button,
 * back to the review button after a cancel or a success, and to the first invalid field after
 * an error. `labels` names each field for the gateway's "<field>: <problem>" messages.
 */
export function useActionSteps<Field extends string>(labels: Record<Field, string>, failed: string, refs: StepRefs) {
  const { form, reviewButton, confirmButton } = refs;
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  // Where the focus goes once the step's new state is on the page.
  const focusNext = useRef<'confirm' | 'review' | 'invalid' | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'confirm') confirmButton.current?.focus();
    if (target === 'review') reviewButton.current?.focus();
    if (target === 'invalid') {
      (form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? reviewButton.current)?.focus();
    }
  });

  const isField = (field: string): field is Field => Object.hasOwn(labels, field);

  return {
    confirming,
    errors,
    formError,
    /** The last success, for the form's polite live region. */
    done,
    /** After the form's own checks: on to the confirmation, or the errors on their fields. */
    review: (found: FieldErrors<Field>) => {
      setDone('');
      setFormError(null);
      setErrors(found);
      if (Object.values(found).some(Boolean)) {
        focusNext.current = 'invalid';
        return;
      }
      setConfirming(true);
      focusNext.current = 'confirm';
    },
    cancel: () => {
      setConfirming(false);
      focusNext.current = 'review';
    },
    /** A field was edited: its error no longer applies. */
    edited: (field: Field) => {
      if (errors[field]) setErrors({ ...errors, [field]: undefined });
    },
    succeeded: (message: string) => {
      setConfirming(false);
      setErrors({});
      setDone(message);
      focusNext.current = 'review';
    },
    failed: (error: Error) => {
      setConfirming(false);
      const named = invalidField(error);
      if (named && isField(named.field)) {
        setErrors({ [named.field]: sentence(`${labels[named.field]} ${named.problem}`) } as FieldErrors<Field>);
        focusNext.current = 'invalid';
        return;
      }
      setFormError(refusal(error, failed));
      focusNext.current = 'review';
    },
  };
}

interface ReasonedActionOptions<Field extends string> {
  /** Each field's name in a sentence ("The last day"), for the gateway's field errors. */
  readonly labels: Record<Field | 'reason', string>;
  /** What did not happen, in front of a refusal: "The plan was not changed." */
  readonly failed: string;
  /** The form's own checks of its fields (the reason is checked here). */
  readonly check?: () => FieldErrors<Field>;
  /**
   * Sends the change with the trimmed reason; resolves to the success message, or to null when
   * the change takes the form off the page and what holds it says what was done.
   */
  readonly send: (reason: string) => Promise<string | null>;
  readonly pending: boolean;
  /** Exactly what will happen, as a question. */
  readonly question: string;
  readonly confirmLabel: string;
  readonly pendingLabel: string;
}

/**
 * A change by hand with a reason, reviewed then confirmed (the steps of `useActionSteps`): what
 * every such form holds, with the props of its form, its reason and its confirmation.
 */
export function useReasonedAction<Field extends string>(options: ReasonedActionOptions<Field>) {
  const { labels, failed, check, send, pending, question, confirmLabel, pendingLabel } = options;
  const form = useRef<HTMLFormElement>(null);
  const reviewButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const steps = useActionSteps<Field | 'reason'>(labels, failed, { form, reviewButton, confirmButton });
  const [reason, setReason] = useState('');

  function review(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrors<Field | 'reason'> = { ...check?.() };
    found.reason = checkReason(reason);
    steps.review(found);
  }

  function confirm() {
    send(reason.trim()).then(
      (message) => {
        if (message === null) return;
        steps.succeeded(message);
        setReason('');
      },
      (error: unknown) => {
        steps.failed(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  return {
    steps,
    formRef: form,
    reviewRef: reviewButton,
    confirmRef: confirmButton,
    review,
    /** The fields wait while the confirmation is asked and while the change is sent. */
    locked: steps.confirming || pending,
    /** The ReasonField's props. */
    reason: {
      value: reason,
      error: steps.errors.reason,
      onChange: (value: string) => {
        setReason(value);
        steps.edited('reason');
      },
    },
    /** The ConfirmStep's props, but its `confirmRef`. */
    confirmation: { question, confirmLabel, pendingLabel, pending, onConfirm: confirm, onCancel: steps.cancel },
  };
}

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

interface ReasonFieldProps {
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
}

export function ReasonField({ value, error, onChange }: ReasonFieldProps) {
  return (
    <TextAreaField
      label="Reason"
      hint="Kept in the audit trail with your email and uid, up to 500 characters."
      rows={2}
      value={value}
      error={error}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    />
  );
}

/** The form's outcome: a refusal (an alert) and, always on the page, the polite success region. */
export function ActionOutcome({ formError, done }: { readonly formError: string | null; readonly done: string }) {
  return (
    <>
      {formError && (
        <p role="alert" className="alert">
          {formError}
        </p>
      )}
      <p role="status" className={styles.done}>
        {done}
      </p>
    </>
  );
}
