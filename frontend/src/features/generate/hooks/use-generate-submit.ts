import { useEffect, useRef, useState, type SubmitEvent } from 'react';

import { invalidFields } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useCatalog } from '@/lib/catalog';
import { useMe } from '@/lib/me';
import type { CatalogLimits, GenerationRequest } from '@/types/api';

import { checkNumbers } from '../field-errors';
import type { FormDraft } from '../form-draft';
import { requestOf, type SentChoices } from '../sent-choices';

interface SubmitOptions {
  readonly draft: FormDraft;
  readonly sent: SentChoices;
  readonly limits: CatalogLimits;
  readonly pro: boolean;
  readonly ageLocked: boolean;
  readonly sending: boolean;
  /** Sends a job; resolves with the error that refused it, or null once it is a job. */
  readonly onSubmit: (request: GenerationRequest, settings: FormDraft) => Promise<unknown>;
  readonly onGuest: () => void;
  /** Generate as soon as the form can ('Try Again'); `onAutostarted` says it did. */
  readonly autostart?: boolean;
  readonly onAutostarted?: () => void;
}

/** Every problem is said by its field at once; the keyboard goes to the first. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

/**
 * What Generate does: a guest is sent to register, an empty prompt or a typed number out of
 * bounds is said at once, an explicit request waits for a verified age; anything else is sent.
 */
export function useGenerateSubmit(options: SubmitOptions) {
  const { draft, sent, sending, onSubmit, onGuest, autostart = false, onAutostarted } = options;
  const { user, ready } = useAuth();
  const { me } = useMe();
  // Until the catalog is here, nothing can be sent.
  const catalogReady = useCatalog().catalog !== null;
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [ageAsked, setAgeAsked] = useState(false);

  // 'Try Again' generates as soon as the form could be sent by hand: the catalog is here and, for
  // a signed-in user, the profile (plan, age) that decides what may be sent.
  const canStart = ready && catalogReady && (!user || me !== null);
  useEffect(() => {
    if (!autostart || !canStart) return;
    onAutostarted?.();
    formRef.current?.requestSubmit();
  }, [autostart, canStart, onAutostarted]);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || !catalogReady || sending) return;
    if (!user) {
      onGuest();
      return;
    }
    if (!draft.prompt.trim()) {
      setFormError('Please write a prompt first.');
      return;
    }
    setFormError(null);
    setChecked(true);
    if (Object.keys(checkNumbers(draft.advanced, options.limits, options.pro)).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const waitsForAge = sent.explicit && options.ageLocked;
    setAgeAsked(waitsForAge);
    if (waitsForAge) return;
    // The gateway's word on a field is said by the field, which may be far above the button.
    void onSubmit(requestOf(draft, sent), draft).then((error) => {
      if (invalidFields(error).length > 0) focusFirstInvalid(formRef.current);
    });
  }

  return {
    formRef,
    submit,
    formError,
    checked,
    ageAsked,
    /** The form is fresh again: nothing of a last press is said. */
    forget: () => {
      setChecked(false);
      setFormError(null);
    },
  };
}
