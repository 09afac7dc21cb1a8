import { useId } from 'react';

import type { CatalogLimits } from '@/types/api';

import { SEED_PLACEHOLDER, STEPS_PLACEHOLDER } from '../defaults';

import styles from './generate.module.css';
import { describedBy, LabelledField } from './labelled-field';

interface WholeNumberFieldProps {
  readonly id: string;
  readonly label: string;
  readonly placeholder: string;
  readonly value: string;
  readonly error: string | null;
  /** The hint under the row, which the field is described by after its error. */
  readonly hintId: string;
  readonly onChange: (value: string) => void;
}

/** A whole number typed as text, so that what the user typed is kept as typed until it is checked. */
function WholeNumberField({ id, label, placeholder, value, error, hintId, onChange }: WholeNumberFieldProps) {
  return (
    <LabelledField id={id} label={label} error={error}>
      <input
        id={id}
        className={styles.input}
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hintId)}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </LabelledField>
  );
}

interface SeedStepsFieldsProps {
  readonly seed: string;
  readonly steps: string;
  readonly limits: CatalogLimits;
  readonly pro: boolean;
  readonly errors: { readonly seed?: string; readonly steps?: string };
  readonly onChange: (change: { seed: string } | { steps: string }) => void;
}

/** The seed and the step count, sent as typed once they pass the form's checks. */
export function SeedStepsFields({ seed, steps, limits, pro, errors, onChange }: SeedStepsFieldsProps) {
  const id = useId();
  const hintId = `${id}-steps-hint`;

  return (
    <>
      <div className={styles.row}>
        <WholeNumberField
          id={`${id}-seed`}
          label="Seed"
          placeholder={SEED_PLACEHOLDER}
          value={seed}
          error={errors.seed ?? null}
          hintId={hintId}
          onChange={(value) => {
            onChange({ seed: value });
          }}
        />
        <WholeNumberField
          id={`${id}-steps`}
          label="Steps"
          placeholder={STEPS_PLACEHOLDER}
          value={steps}
          error={errors.steps ?? null}
          hintId={hintId}
          onChange={(value) => {
            onChange({ steps: value });
          }}
        />
      </div>
      <p id={hintId} className={styles.hint}>
        Leave the seed empty (or -1) for a random one. Steps: up to {pro ? limits.stepsMaxPro : limits.stepsMaxFree}
        {!pro && ` (${String(limits.stepsMaxPro)} with Premium)`}.
      </p>
    </>
  );
}
