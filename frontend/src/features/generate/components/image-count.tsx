import { useId } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import styles from './generate.module.css';

interface ImageCountProps {
  readonly value: number;
  readonly max: number;
  readonly pro: boolean;
  readonly onChange: (count: number) => void;
  /** What the gateway said is wrong with the count. */
  readonly error?: string | null;
}

/** Several images at once: a choice for pro users, an upgrade link for everyone else. */
export function ImageCount({ value, max, pro, onChange, error = null }: ImageCountProps) {
  const id = useId();
  if (!pro) {
    return (
      <div className={styles.field}>
        <span className={styles.label}>Images</span>
        <Link to={paths.subscribe} className={`${styles.look} ${styles.locked}`}>
          Several images at once <span className="pro-tag">Pro</span>
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Images
      </label>
      <select
        id={id}
        className={styles.input}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          onChange(Number(event.target.value));
        }}
      >
        {Array.from({ length: Math.max(1, max) }, (_, index) => index + 1).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
