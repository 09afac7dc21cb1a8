import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

import styles from './text-field.module.css';

interface FieldTexts {
  readonly label: string;
  /** A line under the control, read with it (aria-describedby). */
  readonly hint?: string;
  /** What is wrong with the value: marks the control invalid and is read with it. */
  readonly error?: string | null;
}

/** The ids and ARIA attributes that tie a control to its label, hint and error. */
function useFieldIds({ hint, error }: FieldTexts) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return {
    id,
    hintId,
    errorId,
    control: { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined },
  };
}

function FieldFrame({
  id,
  texts,
  hintId,
  errorId,
  children,
}: {
  readonly id: string;
  readonly texts: FieldTexts;
  readonly hintId: string | undefined;
  readonly errorId: string | undefined;
  readonly children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {texts.label}
      </label>
      {children}
      {texts.hint && (
        <p id={hintId} className={styles.hint}>
          {texts.hint}
        </p>
      )}
      {texts.error && (
        <p id={errorId} className={styles.error}>
          {texts.error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = FieldTexts & Omit<ComponentPropsWithRef<'input'>, 'id'>;

export function TextField({ label, hint, error, ...input }: TextFieldProps) {
  const texts = { label, hint, error };
  const { id, hintId, errorId, control } = useFieldIds(texts);
  return (
    <FieldFrame id={id} texts={texts} hintId={hintId} errorId={errorId}>
      <input className={styles.input} {...input} {...control} />
    </FieldFrame>
  );
}

type TextAreaFieldProps = FieldTexts & Omit<ComponentPropsWithRef<'textarea'>, 'id'>;

/** A TextField for a few lines of text. */
export function TextAreaField({ label, hint, error, ...textarea }: TextAreaFieldProps) {
  const texts = { label, hint, error };
  const { id, hintId, errorId, control } = useFieldIds(texts);
  return (
    <FieldFrame id={id} texts={texts} hintId={hintId} errorId={errorId}>
      <textarea className={`${styles.input} ${styles.textarea}`} {...textarea} {...control} />
    </FieldFrame>
  );
}
