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
  /** 2x Enhance is on: every backend that draws a chosen size then doubles both sides. */
  readonly enhance: boolean;
  /** What the gateway said is wrong with the size sent. */
  readonly error?: string | null;
}

const pixels = (width: number, height: number) => `${String(width)}×${String(height)}`;

/**
 * The chosen style's sizes by name and the pixels of the image that will be made ('Portrait 2:3 ·
 * 1024×1536' with 2x Enhance, '· 512×768' without), so the size read is the size received;
 * nothing when the style offers one size (as on the legacy backend, which draws a size of its
 * own whatever is asked).
 */
export function SizeChoice({ sizes, value, onChange, enhance, error = null }: SizeChoiceProps) {
  if (sizes.length < 2) return null;
  const factor = enhance ? 2 : 1;
  const chosen = sizes.find((size) => size.id === value) ?? sizes[0];
  return (
    <Choices
      legend="Size"
      className={styles.sizes}
      options={sizes.map((size) => [size.id, `${size.label} · ${pixels(size.width * factor, size.height * factor)}`] as const)}
      value={value}
      onChange={onChange}
      hint={
        enhance && chosen
          ? `2x Enhance is on: each image is made at ${pixels(chosen.width, chosen.height)} and enhanced to ${pixels(chosen.width * 2, chosen.height * 2)}.`
          : null
      }
      error={error}
    />
  );
}
