import { useId } from 'react';
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
  /** That mark: 'Locked' once a check found the user under 18, where no check can be started. */
  readonly ageMark?: string;
  readonly onSelect: (style: Style) => void;
}

// The pixels of a style's sample (the built-in renderer draws them square), for the page to keep
// their room before they load.
const SAMPLE_SIDE = 256;

/** What the style draws: its sample, a small image the gateway serves (lazily, as the tiles may be below the fold). */
function Sample({ style }: { readonly style: Style }) {
  return (
    <img
      className={styles.sample}
      src={style.sample}
      alt={`${style.label} sample`}
      width={SAMPLE_SIDE}
      height={SAMPLE_SIDE}
      loading="lazy"
    />
  );
}

/**
 * The model styles as a radio group; pro-only styles lead free users to /subscribe. Each is named
 * by its label alone (aria-labelledby): its sample's text would say the style's name twice.
 */
export function StyleTiles({ options, value, pro, ageLocked, ageMark = 'Verify your age', onSelect }: StyleTilesProps) {
  const id = useId();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.label}>Style</legend>
      <div className={styles.tiles}>
        {options.map((style) => {
          const labelId = `${id}-${style.id}`;
          if (style.pro && !pro) {
            return (
              <Link
                key={style.id}
                to={paths.subscribe}
                className={`${styles.tile} ${styles.locked}`}
                aria-labelledby={labelId}
              >
                <Sample style={style} />
                <span id={labelId} className={styles.tileLabel}>
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
                aria-labelledby={labelId}
                onChange={() => {
                  onSelect(style);
                }}
              />
              <Sample style={style} />
              <span id={labelId} className={styles.tileLabel}>
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
                    <span className={styles.ageMark}>{ageMark}</span>
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
