import type { ReactNode } from 'react';

import styles from './generate.module.css';

interface LabelledFieldProps {
  readonly id: string;
  readonly label: string;
  readonly error?: string | null;
  readonly children: ReactNode;
}

/** A labelled control, and what the gateway said is wrong with it (`${id}-error`) under it. */
export function LabelledField({ id, label, error = null, children }: LabelledFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The ids an invalid control is described by: its error first, then its hint. */
export const describedBy = (id: string, error: string | null, hintId?: string) =>
  [error ? `${id}-error` : undefined, hintId].filter(Boolean).join(' ') || undefined;
