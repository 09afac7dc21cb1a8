import { useId, type ReactNode } from 'react';

import styles from './choices.module.css';

interface ChoicesProps<Value extends string> {
  readonly legend: string;
  readonly options: readonly (readonly [Value, string])[];
  readonly value: Value;
  readonly onChange: (value: Value) => void;
  /** What the gateway said is wrong with the choice: said under the options and read with the group. */
  readonly error?: string | null;
  /** A word on the options, said under them and read with the group. */
  readonly hint?: string | null;
  /** Added to the group's own class (a form's look for its legend). */
  readonly className?: string;
  /** After the options: those the user may not pick yet, such as a Premium one as a link to it. */
  readonly children?: ReactNode;
}

/** One of a few options, as radio buttons in a named group. */
export function Choices<Value extends string>({
  legend,
  options,
  value,
  onChange,
  error,
  hint,
  className,
  children,
}: ChoicesProps<Value>) {
  const name = useId();
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={className ? `${styles.choices} ${className}` : styles.choices}
      aria-describedby={describedBy}
    >
      <legend className={styles.legend}>{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option} className={styles.choice}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => {
              onChange(option);
            }}
          />
          {label}
        </label>
      ))}
      {children}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
