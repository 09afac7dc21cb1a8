import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import type { Look } from '@/types/api';

import styles from './generate.module.css';

interface LookPickerProps {
  readonly options: readonly Look[];
  readonly value: string | null;
  readonly pro: boolean;
  readonly onChange: (look: string | null) => void;
}

/**
 * 'Look like': at most one preset at a time (choosing one deselects the other; choosing the
 * selected one again clears it), plus a Pro-tagged add tile.
 */
export function LookPicker({ options, value, pro, onChange }: LookPickerProps) {
  return (
    <div className={styles.fieldset} role="group" aria-labelledby="look-like-label">
      <span id="look-like-label" className={styles.label}>
        Look like
      </span>
      <div className={styles.looks}>
        {options.map((look) =>
          look.pro && !pro ? (
            <Link key={look.id} to={paths.subscribe} className={`${styles.look} ${styles.locked}`}>
              {look.label} <span className="pro-tag">Pro</span>
            </Link>
          ) : (
            <button
              key={look.id}
              type="button"
              className={styles.look}
              aria-pressed={value === look.id}
              onClick={() => {
                onChange(value === look.id ? null : look.id);
              }}
            >
              {look.label}
              {look.pro && <span className="pro-tag">Pro</span>}
            </button>
          ),
        )}
        {!pro && (
          // The name keeps the visible 'Pro' (WCAG 2.5.3, label in name) after the hidden words.
          <Link to={paths.subscribe} className={`${styles.look} ${styles.addLook}`}>
            <span aria-hidden="true">+</span> <span className="visually-hidden">More looks</span>{' '}
            <span className="pro-tag">Pro</span>
          </Link>
        )}
      </div>
    </div>
  );
}
