import { useId } from 'react';

import type { CatalogLimits } from '@/types/api';

import styles from './generate.module.css';
import { GuidanceFields, type GuidanceChoice } from './guidance-fields';
import { describedBy } from './labelled-field';
import { SeedStepsFields } from './seed-steps-fields';

/** The free-text fields and the switch under the prompt; seed and steps are sent as typed once they pass the form's checks. */
export interface AdvancedValues {
  readonly negativePrompt: string;
  readonly seed: string;
  readonly steps: string;
  readonly enhance: boolean;
  /** The guidance scale as typed; null until the user types one, so it follows the chosen style's. */
  readonly cfg: string | null;
  /** The picked sampler's id; null for the catalog's first. */
  readonly sampler: string | null;
}

interface AdvancedOptionsProps {
  readonly values: AdvancedValues;
  readonly limits: CatalogLimits;
  readonly pro: boolean;
  readonly onChange: (values: AdvancedValues) => void;
  /** Where the content rules' refusal of the negative prompt is said (by the Generate button): its id. */
  readonly refusedBy?: string | null;
  /** What is wrong with these fields (the form's checks, or the gateway's word), each said under its field. */
  readonly errors?: { readonly negativePrompt?: string; readonly seed?: string; readonly steps?: string };
  readonly guidance?: GuidanceChoice | null;
  /** False for an image made from another, which has its source's size. */
  readonly enhanceable?: boolean;
}

interface NegativePromptProps {
  readonly value: string;
  readonly max: number;
  readonly error: string | null;
  readonly refusedBy: string | null;
  readonly onChange: (value: string) => void;
}

/** Its refusal by the content rules is said by the Generate button, and then no error of its own. */
function NegativePromptField({ value, max, error, refusedBy, onChange }: NegativePromptProps) {
  const id = `${useId()}-negative`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Negative prompt
      </label>
      <textarea
        id={id}
        className={styles.input}
        rows={2}
        maxLength={max}
        placeholder="What to leave out, e.g. blurry, extra fingers"
        value={value}
        aria-invalid={refusedBy || error ? true : undefined}
        aria-describedby={refusedBy ?? describedBy(id, error)}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {error && !refusedBy && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** 2x Enhance: both sides doubled. */
function EnhanceSwitch({ on, onChange }: { readonly on: boolean; readonly onChange: (on: boolean) => void }) {
  return (
    <label className={styles.switch}>
      <input
        type="checkbox"
        role="switch"
        checked={on}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      <span className={styles.switchTrack} aria-hidden="true" />
      2x Enhance
    </label>
  );
}

export function AdvancedOptions({
  values,
  limits,
  pro,
  onChange,
  refusedBy = null,
  errors = {},
  guidance = null,
  enhanceable = true,
}: AdvancedOptionsProps) {
  const set = (change: Partial<AdvancedValues>) => {
    onChange({ ...values, ...change });
  };

  return (
    <>
      <NegativePromptField
        value={values.negativePrompt}
        max={limits.negativePromptMax}
        error={errors.negativePrompt ?? null}
        refusedBy={refusedBy}
        onChange={(negativePrompt) => {
          set({ negativePrompt });
        }}
      />
      <SeedStepsFields
        seed={values.seed}
        steps={values.steps}
        limits={limits}
        pro={pro}
        errors={errors}
        onChange={set}
      />
      {guidance && (
        <GuidanceFields
          cfg={values.cfg}
          guidance={guidance}
          limits={limits}
          onCfg={(cfg) => {
            set({ cfg });
          }}
          onSampler={(sampler) => {
            set({ sampler });
          }}
        />
      )}
      {enhanceable && (
        <EnhanceSwitch
          on={values.enhance}
          onChange={(enhance) => {
            set({ enhance });
          }}
        />
      )}
    </>
  );
}
