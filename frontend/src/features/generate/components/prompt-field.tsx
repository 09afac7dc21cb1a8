import { useId, useRef, type RefObject } from 'react';

import styles from './generate.module.css';

interface PromptFieldProps {
  readonly value: string;
  readonly max: number;
  readonly onChange: (value: string) => void;
  /** Where the content rules' refusal of the prompt is said (by the Generate button): its id. */
  readonly refusedBy?: string | null;
  /** What the gateway said is wrong with the prompt. */
  readonly error?: string | null;
  /** The text box, for the form to move focus to. */
  readonly ref?: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The prompt, with what remains of the 500 characters and a clear button; Ctrl+Enter (Cmd+Enter
 * on a Mac) sends the form, as in chat and image apps.
 */
export function PromptField({ value, max, onChange, refusedBy = null, error = null, ref: given }: PromptFieldProps) {
  const id = useId();
  const own = useRef<HTMLTextAreaElement>(null);
  const ref = given ?? own;
  const remaining = max - value.length;

  return (
    <div className={styles.field}>
      <div className={styles.fieldHead}>
        <label htmlFor={id} className={styles.label}>
          Prompt
        </label>
        <button
          type="button"
          className={styles.clear}
          aria-label="Clear prompt"
          disabled={value === ''}
          onClick={() => {
            onChange('');
            ref.current?.focus();
          }}
        >
          Clear
        </button>
      </div>
      <textarea
        ref={ref}
        id={id}
        className={`${styles.input} ${styles.prompt}`}
        value={value}
        maxLength={max}
        rows={5}
        aria-describedby={[`${id}-counter`, refusedBy, error && `${id}-error`].filter(Boolean).join(' ')}
        aria-invalid={refusedBy || error ? true : undefined}
        onChange={(event) => {
          onChange(event.target.value.slice(0, max));
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
          event.preventDefault();
          event.currentTarget.form?.requestSubmit();
        }}
      />
      <p id={`${id}-counter`} className={styles.counter} data-testid="prompt-counter">
        {remaining} characters left
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
