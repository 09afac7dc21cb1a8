import { useId } from 'react';
import { Link } from 'react-router-dom';

import { AgeLockedImage } from '@/components/age-check/age-locked-image';
import { Choices } from '@/components/ui/choices';
import { ImageFrame } from '@/components/ui/image-frame';
import { paths } from '@/config/paths';
import { useImage } from '@/hooks/use-image';
import { useExplicitGate } from '@/lib/age-check';
import { useAuth } from '@/lib/auth';
import type { Generation, SourceMode, SourceModeView } from '@/types/api';

import styles from './generate.module.css';

interface SourceChoiceProps {
  /** The user's image the next is drawn from. */
  readonly image: Generation;
  /** The catalog's modes; those for Premium lead free users to /subscribe. */
  readonly modes: readonly SourceModeView[];
  /** The mode sent. */
  readonly value: SourceMode;
  readonly pro: boolean;
  readonly onChange: (mode: SourceMode) => void;
  /** 'Draw from the prompt instead'. */
  readonly onRemove: () => void;
  /** What the gateway said is wrong with the source (not found, too large to upscale, …). */
  readonly error?: string | null;
  /** Where the refusal of the drawn-from image's prompt is said (by the Generate button): its id. */
  readonly refusedBy?: string | null;
}

const pixels = (width: number, height: number) => `${String(width)}×${String(height)}`;

/**
 * 'Made from': the image a variation or an upscale is drawn from, as the gallery shows it (a
 * free user's blurred preview; an explicit one only once the age is verified), its size and the
 * result's, and the catalog's modes to pick from.
 */
export function SourceChoice({
  image,
  modes,
  value,
  pro,
  onChange,
  onRemove,
  error = null,
  refusedBy = null,
}: SourceChoiceProps) {
  const id = useId();
  const { user } = useAuth();
  const gate = useExplicitGate(image);
  const thumbnail = useImage(image.imageUrl, user !== null && gate.mayLoad);
  // The gateway's rule: an upscale doubles both sides, a variation keeps the source's.
  const scale = value === 'upscale' ? 2 : 1;
  const alt = `Source image: ${image.prompt}`;

  return (
    <div className={styles.source} role="group" aria-labelledby={`${id}-title`} aria-describedby={refusedBy ?? undefined}>
      <span id={`${id}-title`} className={styles.label}>
        Made from
      </span>
      <div className={styles.sourceBody}>
        <div className={styles.sourceImage}>
          {gate.locked ? (
            <AgeLockedImage width={image.width} height={image.height} />
          ) : (
            <ImageFrame
              src={thumbnail.src}
              alt={alt}
              width={image.width}
              height={image.height}
              waiting={thumbnail.error ? `Image unavailable: ${thumbnail.error}` : 'Loading image…'}
            />
          )}
        </div>
        <div className={styles.sourceFacts}>
          <p className={styles.hint} aria-live="polite" data-testid="source-size">
            {pixels(image.width, image.height)}
            {scale === 1 ? ', as the source' : `, upscaled to ${pixels(image.width * scale, image.height * scale)}`}
          </p>
          <Choices
            legend="Mode"
            options={modes.filter((mode) => !mode.pro || pro).map((mode) => [mode.id, mode.label] as const)}
            value={value}
            onChange={onChange}
            error={error}
          >
            {modes
              .filter((mode) => mode.pro && !pro)
              .map((mode) => (
                <Link key={mode.id} to={paths.subscribe} className={styles.locked}>
                  {mode.label} <span className="pro-tag">Pro</span>
                </Link>
              ))}
          </Choices>
          <button type="button" className="button button-small button-ghost" onClick={onRemove}>
            Draw from the prompt instead
          </button>
        </div>
      </div>
    </div>
  );
}
