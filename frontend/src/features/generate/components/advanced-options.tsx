import { useId } from 'react';

import type { CatalogLimits } from '@/types/api';

import { SEED_PLACEHOLDER, STEPS_PLACEHOLDER } from '../defaults';

import styles from './generate.module.css';
import { PromptRefusal, type Refusal } from './prompt-refusal';

/** The free-text fields and the switch under the prompt; seed and steps are sent as typed. */
export interface AdvancedValues {
  readonly negativePrompt: string;
  readonly seed: string;
  readonly steps: string;
  readonly enhance: boolean;
}

interface AdvancedOptionsProps {
  readonly values: AdvancedValues;
  readonly limits: CatalogLimits;
  readonly pro: boolean;
  readonly onChange: (values: AdvancedValues) => void;
  /** The content rules refused what the negative prompt says. */
  readonly refusal?: Refusal | null;
}

export function AdvancedOptions({ values, limits, pro, onChange, refusal = null }: AdvancedOptionsProps) {
  const id = useId();
  const set = (change: Partial<AdvancedValues>) => {
    onChange({ ...values, ...change });
  };

  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${id}-negative`} className={styles.label}>
          Negative prompt
        </label>
        <textarea
          id={`${id}-negative`}
          className={styles.input}
          rows={2}
          maxLength={limits.negativePromptMax}
          placeholder="What to leave out, e.g. blurry, extra fingers"
          value={values.negativePrompt}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-refusal` : undefined}
          onChange={(event) => {
            set({ negativePrompt: event.target.value });
          }}
        />
        {refusal && <PromptRefusal id={`${id}-refusal`} refusal={refusal} />}
      </div>

      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={`${id}-seed`} className={styles.label}>
            Seed
          </label>
          <input
            id={`${id}-seed`}
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            placeholder={SEED_PLACEHOLDER}
            value={values.seed}
            onChange={(event) => {
              set({ seed: event.target.value });
            }}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-steps`} className={styles.label}>
            Steps
          </label>
          <input
            id={`${id}-steps`}
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            placeholder={STEPS_PLACEHOLDER}
            aria-describedby={`${id}-steps-hint`}
            value={values.steps}
            onChange={(event) => {
              set({ steps: event.target.value });
            }}
          />
        </div>
      </div>
      <p id={`${id}-steps-hint`} className={styles.hint}>
        Leave the seed empty for a random one. Steps: up to {pro ? limits.stepsMaxPro : limits.stepsMaxFree}
        {!pro && ` (${String(limits.stepsMaxPro)} with Premium)`}.
      </p>

      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={values.enhance}
          onChange={(event) => {
            set({ enhance: event.target.checked });
          }}
        />
        <span className={styles.switchTrack} aria-hidden="true" />
        2x Inhance
      </label>
    </>
  );
}
