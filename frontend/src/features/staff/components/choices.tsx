import { useId } from 'react';

import styles from './staff.module.css';

interface ChoicesProps<Value extends string> {
  readonly legend: string;
  readonly options: readonly (readonly [Value, string])[];
  readonly value: Value;
  readonly onChange: (value: Value) => void;
}

/** One of a few options, as radio buttons in a named group. */
export function Choices<Value extends string>({ legend, options, value, onChange }: ChoicesProps<Value>) {
  const name = useId();
  return (
    <fieldset className={styles.choices}>
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
    </fieldset>
  );
}
