import { useEffect, useRef, useState, type RefObject } from 'react';

import { ApiError, invalidField } from '@/lib/api-client';

import { explain } from '../components/load-error';

/** What is wrong with each field of an action's form, as shown on the field. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

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

type FocusTarget = 'confirm' | 'review' | 'invalid';

/** Where the focus goes once the step's new state is on the page: set it, and the next render moves it. */
function useFocusAfterStep({ form, reviewButton, confirmButton }: StepRefs) {
  const focusNextRef = useRef<FocusTarget | null>(null);
  useEffect(() => {
    const target = focusNextRef.current;
    focusNextRef.current = null;
    if (target === 'confirm') confirmButton.current?.focus();
    if (target === 'review') reviewButton.current?.focus();
    if (target === 'invalid') {
      (form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? reviewButton.current)?.focus();
    }
  });
  return focusNextRef;
}

/**
 * The steps every change by hand goes through: fill in the form (with a reason), review, then
 * confirm a sentence that says exactly what will happen. Focus follows: to the confirm button,
 * back to the review button after a cancel or a success, and to the first invalid field after
 * an error. `labels` names each field for the gateway's "<field>: <problem>" messages.
 */
export function useActionSteps<Field extends string>(labels: Record<Field, string>, failed: string, refs: StepRefs) {
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const focusNextRef = useFocusAfterStep(refs);
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
        focusNextRef.current = 'invalid';
        return;
      }
      setConfirming(true);
      focusNextRef.current = 'confirm';
    },
    cancel: () => {
      setConfirming(false);
      focusNextRef.current = 'review';
    },
    /** A field was edited: its error no longer applies. */
    edited: (field: Field) => {
      if (errors[field]) setErrors({ ...errors, [field]: undefined });
    },
    succeeded: (message: string) => {
      setConfirming(false);
      setErrors({});
      setDone(message);
      focusNextRef.current = 'review';
    },
    failed: (error: Error) => {
      setConfirming(false);
      const named = invalidField(error);
      if (named && isField(named.field)) {
        setErrors({ [named.field]: sentence(`${labels[named.field]} ${named.problem}`) } as FieldErrors<Field>);
        focusNextRef.current = 'invalid';
        return;
      }
      setFormError(refusal(error, failed));
      focusNextRef.current = 'review';
    },
  };
}
