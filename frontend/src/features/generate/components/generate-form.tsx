import type { RefObject } from 'react';

import { paths } from '@/config/paths';
import { mustVerifyAge } from '@/lib/age-check';
import { useAuth } from '@/lib/auth';
import { useCatalog } from '@/lib/catalog';
import { isPro, useMe } from '@/lib/me';
import type { GenerationRequest } from '@/types/api';

import { DEFAULT_LIMITS } from '../defaults';
import type { FormDraft } from '../form-draft';
import { useAgeConfirmation } from '../hooks/use-age-confirmation';
import type { useFormDraft } from '../hooks/use-form-draft';
import { useFormFeedback } from '../hooks/use-form-feedback';
import { useGenerateSubmit } from '../hooks/use-generate-submit';
import { sentChoices } from '../sent-choices';

import { AgeConfirmDialog } from './age-confirm-dialog';
import { ChoicesColumn } from './choices-column';
import { FormStatus } from './form-status';
import styles from './generate.module.css';
import { PromptColumn } from './prompt-column';
import { SubmitBar } from './submit-bar';

interface GenerateFormProps {
  /** The form's fields and their changes (use-form-draft.ts). */
  readonly form: ReturnType<typeof useFormDraft>;
  /** The prompt's text box, for whoever fills the form to move focus to. */
  readonly promptRef: RefObject<HTMLTextAreaElement | null>;
  /** A submission's POST is on its way: Generate waits for it, against a double click. */
  readonly sending: boolean;
  /** Why the last submission was refused before it became a job, or null. */
  readonly submitError: unknown;
  /** Sends a job; resolves with the error that refused it, or null once it is a job. */
  readonly onSubmit: (request: GenerationRequest, settings: FormDraft) => Promise<unknown>;
  /** Generate as soon as the form can ('Try Again'); `onAutostarted` says it did. */
  readonly autostart?: boolean;
  readonly onAutostarted?: () => void;
  /** A guest pressed Generate. */
  readonly onGuest: () => void;
}

/** Back to this form with the style and the prompt; an image drawn from cannot travel in the address. */
const ageReturnTo = (style: string | undefined, prompt: string) =>
  style ? `${paths.generate}?${new URLSearchParams({ style, prompt }).toString()}` : paths.generate;

/**
 * The Generate form, on the draft `form` holds. Generate sends a job and is ready again as soon as
 * the gateway answered; what refused a submission is said beside it, by the sticky Generate button.
 */
export function GenerateForm(props: GenerateFormProps) {
  const { form, promptRef, sending, submitError, ...handlers } = props;
  const { ready } = useAuth();
  const { me } = useMe();
  const { catalog } = useCatalog();
  const pro = isPro(me);
  // Explicit requests wait for a verified age, on every plan.
  const ageLocked = mustVerifyAge(me);
  const limits = { ...DEFAULT_LIMITS, ...catalog?.limits };
  const { draft } = form;
  const sent = sentChoices(draft, catalog, pro, limits);
  const context = { draft, sent, limits, pro, ageLocked };
  const { formRef, submit, formError, checked, ageAsked, forget } = useGenerateSubmit({ ...context, ...handlers, sending });
  const feedback = useFormFeedback({ ...context, checked, submitError, ageAsked });
  const age = useAgeConfirmation((style) => {
    form.update({ style: style.id });
  });

  return (
    <>
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-busy={sending}>
        <FormStatus
          sending={sending}
          onReset={() => {
            form.reset();
            forget();
            promptRef.current?.focus();
          }}
        />
        <div className={styles.columns}>
          <PromptColumn form={form} promptRef={promptRef} sent={sent} limits={limits} pro={pro} feedback={feedback} />
          <ChoicesColumn
            form={form}
            sent={sent}
            pro={pro}
            ageLocked={ageLocked}
            onStyle={age.choose}
            errors={feedback.errors}
          />
        </div>
        <SubmitBar
          waiting={sending || !ready || !catalog}
          feedback={feedback}
          formError={formError}
          ageReturnTo={ageReturnTo(sent.style?.id, draft.prompt)}
        />
      </form>
      {age.asking && (
        <AgeConfirmDialog
          styleLabel={age.asking.label}
          pending={age.pending}
          error={age.error}
          onConfirm={age.confirm}
          onCancel={age.dismiss}
        />
      )}
    </>
  );
}
