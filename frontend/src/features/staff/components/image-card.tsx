import { useId } from 'react';

import { ImageFrame } from '@/components/ui/image-frame';
import { useImage } from '@/hooks/use-image';
import { useInView } from '@/hooks/use-in-view';
import { settingsOf } from '@/lib/catalog';
import { formatDateTime } from '@/lib/format';
import type { Generation } from '@/types/api';

import { useDeleteImage } from '../api/support';

import { ItemAction } from './item-action';
import styles from './staff.module.css';

interface ImageCardProps {
  readonly uid: string;
  readonly email: string;
  readonly image: Generation;
  /** The open user is the signed-in staff member: no delete. */
  readonly own: boolean;
  readonly onDeleted: (image: Generation) => void;
}

/** The blurred preview, fetched with the ID token once the card comes near the window. */
function Preview({ image }: { readonly image: Generation }) {
  const [ref, inView] = useInView();
  const preview = useImage(image.imageUrl, inView);
  const alt = `Blurred preview: ${image.prompt}`;
  return (
    <ImageFrame
      ref={ref}
      src={preview.src}
      alt={alt}
      width={image.width}
      height={image.height}
      waiting={preview.error ? `Preview unavailable: ${preview.error}` : 'Loading the preview…'}
    />
  );
}

/** One of the user's images: preview, what it was made with, and a delete with a reason. */
export function ImageCard({ uid, email, image, own, onDeleted }: ImageCardProps) {
  const id = useId();
  const mutation = useDeleteImage(uid, onDeleted);
  const look = image.look ? ` · look ${image.look}` : '';
  // By id, as the style is: CFG, sampler and size id, those the image records.
  const settings = settingsOf(null, image).map((setting) => ` · ${setting}`).join('');

  return (
    <article aria-labelledby={`${id}-prompt`} className={styles.imageCard}>
      <Preview image={image} />
      <div className={styles.imageBody}>
        <p id={`${id}-prompt`} className={styles.prompt}>
          {image.prompt}
        </p>
        {image.negativePrompt && <p className={styles.meta}>Without: {image.negativePrompt}</p>}
        <p className={styles.meta}>
          {formatDateTime(image.createdAt)} · {image.style}
          {look} · seed {image.seed} · {image.steps} steps{settings} · {image.width}×{image.height}
          {image.enhance ? ' · 2x enhance' : ''}
        </p>
        <p className={`${styles.meta} ${styles.code}`}>{image.id}</p>
        {!own && (
          <ItemAction
            openLabel="Delete…"
            danger
            formLabel="Delete this image"
            failed="The image was not deleted."
            reviewLabel="Review the delete"
            closeLabel="Keep the image"
            question={`Delete the image “${image.prompt}” of ${email} for good? This cannot be undone.`}
            confirmLabel="Yes, delete the image"
            pendingLabel="Deleting…"
            pending={mutation.isPending}
            // A success takes the card off the page (see useDeleteImage).
            send={(reason) => mutation.mutateAsync({ image, reason })}
          />
        )}
      </div>
    </article>
  );
}
