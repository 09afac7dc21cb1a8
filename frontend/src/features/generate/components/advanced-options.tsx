import { useId, type ReactNode } from 'react';

import type { Catalog, CatalogLimits } from '@/types/api';

import { SEED_PLACEHOLDER, STEPS_PLACEHOLDER } from '../defaults';

import styles from './generate.module.css';

type Sampler = Catalog['samplers'][number];

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

/** What the guidance fields show; absent when the backend takes neither guidance nor a sampler. */
export interface GuidanceChoice {
  /** The chosen style's guidance scale, shown until the user types another. */
  readonly styleCfg: number;
  /** The catalog's samplers, its first the default. */
  readonly samplers: readonly Sampler[];
  /** The id of the sampler that is sent. */
  readonly sampler: string;
  /** What the gateway said is wrong with the guidance scale or the sampler sent. */
  readonly cfgError?: string | null;
  readonly samplerError?: string | null;
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

/** A labelled control, and what the gateway said is wrong with it (`${id}-error`) under it. */
function Field({
  id,
  label,
  error = null,
  children,
}: {
  readonly id: string;
  readonly label: string;
  readonly error?: string | null;
  readonly children: ReactNode;
}) {
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
const describedBy = (id: string, error: string | null, hintId?: string) =>
  [error ? `${id}-error` : undefined, hintId].filter(Boolean).join(' ') || undefined;

/** The guidance scale (a number the limits bound) and the sampler, each with the gateway's word on it. */
function GuidanceFields({
  cfg,
  guidance,
  limits,
  onCfg,
  onSampler,
}: {
  readonly cfg: string | null;
  readonly guidance: GuidanceChoice;
  readonly limits: CatalogLimits;
  readonly onCfg: (cfg: string) => void;
  readonly onSampler: (sampler: string) => void;
}) {
  const id = useId();
  const { styleCfg, samplers, sampler, cfgError = null, samplerError = null } = guidance;

  return (
    <>
      <div className={styles.row}>
        <Field id={`${id}-cfg`} label="Guidance (CFG)" error={cfgError}>
          <input
            id={`${id}-cfg`}
            className={styles.input}
            type="number"
            min={limits.cfgMin}
            max={limits.cfgMax}
            step={limits.cfgStep}
            placeholder={String(styleCfg)}
            value={cfg ?? String(styleCfg)}
            aria-invalid={cfgError ? true : undefined}
            aria-describedby={describedBy(`${id}-cfg`, cfgError, `${id}-cfg-hint`)}
            onChange={(event) => {
              onCfg(event.target.value);
            }}
          />
        </Field>
        <Field id={`${id}-sampler`} label="Sampler" error={samplerError}>
          <select
            id={`${id}-sampler`}
            className={styles.input}
            value={sampler}
            aria-invalid={samplerError ? true : undefined}
            aria-describedby={describedBy(`${id}-sampler`, samplerError)}
            onChange={(event) => {
              onSampler(event.target.value);
            }}
          >
            {samplers.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <p id={`${id}-cfg-hint`} className={styles.hint}>
        How closely the image follows the prompt: {limits.cfgMin} to {limits.cfgMax}; empty for the style&apos;s{' '}
        {styleCfg}.
      </p>
    </>
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
  const { negativePrompt: negativeError = null, seed: seedError = null, steps: stepsError = null } = errors;
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
          aria-invalid={refusedBy || negativeError ? true : undefined}
          aria-describedby={refusedBy ?? describedBy(`${id}-negative`, negativeError)}
          onChange={(event) => {
            set({ negativePrompt: event.target.value });
          }}
        />
        {negativeError && !refusedBy && (
          <p id={`${id}-negative-error`} role="alert" className={styles.error}>
            {negativeError}
          </p>
        )}
      </div>

      <div className={styles.row}>
        <Field id={`${id}-seed`} label="Seed" error={seedError}>
          <input
            id={`${id}-seed`}
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            placeholder={SEED_PLACEHOLDER}
            aria-invalid={seedError ? true : undefined}
            aria-describedby={describedBy(`${id}-seed`, seedError, `${id}-steps-hint`)}
            value={values.seed}
            onChange={(event) => {
              set({ seed: event.target.value });
            }}
          />
        </Field>
        <Field id={`${id}-steps`} label="Steps" error={stepsError}>
          <input
            id={`${id}-steps`}
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            placeholder={STEPS_PLACEHOLDER}
            aria-invalid={stepsError ? true : undefined}
            aria-describedby={describedBy(`${id}-steps`, stepsError, `${id}-steps-hint`)}
            value={values.steps}
            onChange={(event) => {
              set({ steps: event.target.value });
            }}
          />
        </Field>
      </div>
      <p id={`${id}-steps-hint`} className={styles.hint}>
        Leave the seed empty (or -1) for a random one. Steps: up to {pro ? limits.stepsMaxPro : limits.stepsMaxFree}
        {!pro && ` (${String(limits.stepsMaxPro)} with Premium)`}.
      </p>

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
          2x Enhance
        </label>
      )}
    </>
  );
}
