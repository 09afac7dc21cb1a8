import { useRef, useState, type SubmitEvent } from 'react';

import { useActionSteps, type FieldErrors } from './use-action-steps';

/** Every action by hand says why; the gateway also checks it (and its 500-character limit). */
function checkReason(reason: string): string | undefined {
  return reason.trim() === '' ? 'The reason must say why (it goes into the audit trail).' : undefined;
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
