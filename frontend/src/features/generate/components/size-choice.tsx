import { Choices } from '@/components/ui/choices';
import type { Style } from '@/types/api';

import styles from './generate.module.css';

type Size = Style['sizes'][number];

interface SizeChoiceProps {
  /** The chosen style's sizes, its default first. */
  readonly sizes: readonly Size[];
  /** The selected size's id. */
  readonly value: string;
  readonly onChange: (size: string) => void;
  /** What the gateway said is wrong with the size sent. */
  readonly error?: string | null;
}

/** The chosen style's sizes by name and pixels ('Portrait 2:3 · 512×768'); nothing when it offers one. */
export function SizeChoice({ sizes, value, onChange, error = null }: SizeChoiceProps) {
  if (sizes.length < 2) return null;
  return (
    <Choices
      legend="Size"
      className={styles.sizes}
      options={sizes.map((size) => [size.id, `${size.label} · ${String(size.width)}×${String(size.height)}`] as const)}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
