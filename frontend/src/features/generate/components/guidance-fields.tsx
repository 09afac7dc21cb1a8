import { useId } from 'react';

import type { Catalog, CatalogLimits } from '@/types/api';

import styles from './generate.module.css';
import { describedBy, LabelledField } from './labelled-field';

type Sampler = Catalog['samplers'][number];

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

interface GuidanceFieldsProps {
  readonly cfg: string | null;
  readonly guidance: GuidanceChoice;
  readonly limits: CatalogLimits;
  readonly onCfg: (cfg: string) => void;
  readonly onSampler: (sampler: string) => void;
}

function SamplerField({ id, guidance, onSampler }: Pick<GuidanceFieldsProps, 'guidance' | 'onSampler'> & { readonly id: string }) {
  const { samplers, sampler, samplerError = null } = guidance;
  return (
    <LabelledField id={id} label="Sampler" error={samplerError}>
      <select
        id={id}
        className={styles.input}
        value={sampler}
        aria-invalid={samplerError ? true : undefined}
        aria-describedby={describedBy(id, samplerError)}
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
    </LabelledField>
  );
}

/** The guidance scale (a number the limits bound) and the sampler, each with the gateway's word on it. */
export function GuidanceFields({ cfg, guidance, limits, onCfg, onSampler }: GuidanceFieldsProps) {
  const id = useId();
  const { styleCfg, cfgError = null } = guidance;

  return (
    <>
      <div className={styles.row}>
        <LabelledField id={`${id}-cfg`} label="Guidance (CFG)" error={cfgError}>
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
        </LabelledField>
        <SamplerField id={`${id}-sampler`} guidance={guidance} onSampler={onSampler} />
      </div>
      <p id={`${id}-cfg-hint`} className={styles.hint}>
        How closely the image follows the prompt: {limits.cfgMin} to {limits.cfgMax}; empty for the style&apos;s{' '}
        {styleCfg}.
      </p>
    </>
  );
}
