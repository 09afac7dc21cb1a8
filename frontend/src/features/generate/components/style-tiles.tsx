import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import type { Style } from '@/types/api';

import styles from './generate.module.css';

interface StyleTilesProps {
  readonly options: readonly Style[];
  /** The selected style's id; null when none is. */
  readonly value: string | null;
  readonly pro: boolean;
  /** Explicit styles wait for the user's age to be verified: they carry a mark saying so. */
  readonly ageLocked: boolean;
  readonly onSelect: (style: Style) => void;
}

// A small visual per style; the checkpoints themselves mean nothing to users.
const swatch: Record<string, string> = {
  'real-v1.1': 'linear-gradient(135deg, #f5c6a5, #8b5e3c)',
  'real-v1.2': 'linear-gradient(135deg, #c7d2fe, #475569)',
  'anime-v1': 'linear-gradient(135deg, #f9a8d4, #818cf8)',
  'nsfw-v1.1': 'linear-gradient(135deg, #fb7185, #7f1d1d)',
};

/** The model styles as a radio group; pro-only styles lead free users to /Subscribe. */
export function StyleTiles({ options, value, pro, ageLocked, onSelect }: StyleTilesProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.label}>Style</legend>
      <div className={styles.tiles}>
        {options.map((style) => {
          const background = swatch[style.id] ?? 'linear-gradient(135deg, #a78bfa, #22d3ee)';
          if (style.pro && !pro) {
            return (
              <Link key={style.id} to={paths.subscribe} className={`${styles.tile} ${styles.locked}`}>
                <span className={styles.swatch} style={{ background }} aria-hidden="true" />
                <span className={styles.tileLabel}>
                  {style.label} <span className="pro-tag">Pro</span>
                </span>
              </Link>
            );
          }
          return (
            <label key={style.id} className={styles.tile}>
              <input
                type="radio"
                name="style"
                value={style.id}
                className="visually-hidden"
                checked={value === style.id}
                onChange={() => {
                  onSelect(style);
                }}
              />
              <span className={styles.swatch} style={{ background }} aria-hidden="true" />
              <span className={styles.tileLabel}>
                {style.label}
                {/* The spaces keep the marks apart in the radio's accessible name. */}
                {style.nsfw && (
                  <>
                    {' '}
                    <span className={styles.adult}>18+</span>
                  </>
                )}
                {style.nsfw && ageLocked && (
                  <>
                    {' '}
                    <span className={styles.ageMark}>Verify your age</span>
                  </>
                )}
                {style.pro && <span className="pro-tag">Pro</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
