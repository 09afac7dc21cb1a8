import { useId, useRef, type RefObject } from 'react';

import styles from './generate.module.css';
import { PromptRefusal, type Refusal } from './prompt-refusal';

interface PromptFieldProps {
  readonly value: string;
  readonly max: number;
  readonly onChange: (value: string) => void;
  /** The content rules refused what the field says. */
  readonly refusal?: Refusal | null;
  /** The text box, for the form to move focus to. */
  readonly ref?: RefObject<HTMLTextAreaElement | null>;
}

/** The prompt, with what remains of the 500 characters and a clear button. */
export function PromptField({ value, max, onChange, refusal = null, ref: given }: PromptFieldProps) {
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
        aria-describedby={refusal ? `${id}-counter ${id}-refusal` : `${id}-counter`}
        aria-invalid={refusal ? true : undefined}
        onChange={(event) => {
          onChange(event.target.value.slice(0, max));
        }}
      />
      <p id={`${id}-counter`} className={styles.counter} data-testid="prompt-counter">
        {remaining} characters left
      </p>
      {refusal && <PromptRefusal id={`${id}-refusal`} refusal={refusal} />}
    </div>
  );
}
