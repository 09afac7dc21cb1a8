import { Link } from 'react-router-dom';

import { AgeLockedImage } from '@/components/age-check/age-locked-image';
import { ImageBadge } from '@/components/ui/image-badge';
import { ImageFrame } from '@/components/ui/image-frame';
import { paths } from '@/config/paths';
import { useImage } from '@/hooks/use-image';
import { useExplicitGate } from '@/lib/age-check';
import type { Generation } from '@/types/api';
import type { GalleryState } from '@/types/navigation';

import styles from './job-card.module.css';

interface JobImagesProps {
  readonly generations: readonly Generation[];
  /** Every image of the session, which the history marks new. */
  readonly newIds: readonly string[];
}

/** Opens the image where the history shows it (`?view=` names the one to show). */
const viewOf = (generation: Generation) =>
  `${paths.generation}?${new URLSearchParams({ view: generation.id }).toString()}`;

function JobImage({ generation, newIds }: { readonly generation: Generation; readonly newIds: readonly string[] }) {
  const gate = useExplicitGate(generation);
  const image = useImage(generation.imageUrl, gate.mayLoad);
  if (gate.locked) return <AgeLockedImage width={generation.width} height={generation.height} />;
  const state: GalleryState = { newIds };
  return (
    <Link to={viewOf(generation)} state={state} className={styles.imageLink}>
      <ImageFrame
        src={image.src}
        alt={`Generated image: ${generation.prompt}`}
        width={generation.width}
        height={generation.height}
        waiting={image.error ? `Image unavailable: ${image.error}` : 'Loading image…'}
      >
        {generation.blurred && <ImageBadge>Blurred preview</ImageBadge>}
      </ImageFrame>
    </Link>
  );
}

/** A job's images, where its card stood waiting for them: as the history shows them, blurred for free users. */
export function JobImages({ generations, newIds }: JobImagesProps) {
  return (
    <ul className={styles.images} data-count={generations.length}>
      {generations.map((generation) => (
        <li key={generation.id}>
          <JobImage generation={generation} newIds={newIds} />
        </li>
      ))}
    </ul>
  );
}
