import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';

import { ImageFrame } from '@/components/ui/image-frame';
import { useImage } from '@/hooks/use-image';
import { useInView } from '@/hooks/use-in-view';
import { formatDateTime } from '@/lib/format';
import type { Generation } from '@/types/api';

import { useDeleteImage } from '../api/support';

import { checkReason, ConfirmStep, ReasonField, useActionSteps } from './action-steps';
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

function DeleteForm({ uid, email, image, onClose, onDeleted }: Omit<ImageCardProps, 'own'> & { readonly onClose: () => void }) {
  const mutation = useDeleteImage(uid, onDeleted);
  const form = useRef<HTMLFormElement>(null);
  const reviewButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const steps = useActionSteps({ reason: 'The reason' }, 'The image was not deleted.', { form, reviewButton, confirmButton });
  const [reason, setReason] = useState('');
  const reasonBox = useRef<HTMLDivElement>(null);

  // Opening the form takes the focus to its first field.
  useEffect(() => {
    reasonBox.current?.querySelector('textarea')?.focus();
  }, []);

  function review(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    steps.review({ reason: checkReason(reason) });
  }

  function confirm() {
    mutation.mutate(
      { image, reason: reason.trim() },
      {
        // A success takes the card off the page (see useDeleteImage).
        onError: (error) => {
          steps.failed(error);
        },
      },
    );
  }

  return (
    <form ref={form} noValidate aria-label="Delete this image" className={styles.deleteForm} onSubmit={review}>
      <fieldset disabled={steps.confirming || mutation.isPending} className={styles.fields}>
        <div ref={reasonBox}>
          <ReasonField
            value={reason}
            error={steps.errors.reason}
            onChange={(value) => {
              setReason(value);
              steps.edited('reason');
            }}
          />
        </div>
        <div className={styles.buttons}>
          <button ref={reviewButton} type="submit" className="button button-small">
            Review the delete
          </button>
          <button type="button" className="button button-small button-ghost" onClick={onClose}>
            Keep the image
          </button>
        </div>
      </fieldset>
      {steps.confirming && (
        <ConfirmStep
          question={`Delete the image “${image.prompt}” of ${email} for good? This cannot be undone.`}
          confirmLabel="Yes, delete the image"
          pendingLabel="Deleting…"
          pending={mutation.isPending}
          confirmRef={confirmButton}
          onConfirm={confirm}
          onCancel={steps.cancel}
        />
      )}
      {steps.formError && (
        <p role="alert" className="alert">
          {steps.formError}
        </p>
      )}
    </form>
  );
}

/** One of the user's images: preview, what it was made with, and a delete with a reason. */
export function ImageCard({ uid, email, image, own, onDeleted }: ImageCardProps) {
  const id = useId();
  const [deleting, setDeleting] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const look = image.look ? ` · look ${image.look}` : '';

  // Closing the form brings the Delete button back; the focus returns to it.
  useEffect(() => {
    if (!returnFocus.current) return;
    returnFocus.current = false;
    deleteButton.current?.focus();
  });

  function close() {
    returnFocus.current = true;
    setDeleting(false);
  }

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
          {look} · seed {image.seed} · {image.steps} steps · {image.width}×{image.height}
          {image.enhance ? ' · 2x enhance' : ''}
        </p>
        <p className={`${styles.meta} ${styles.code}`}>{image.id}</p>
        {!own && !deleting && (
          <div className={styles.buttons}>
            <button
              ref={deleteButton}
              type="button"
              className={`button button-small ${styles.danger}`}
              onClick={() => {
                setDeleting(true);
              }}
            >
              Delete…
            </button>
          </div>
        )}
        {!own && deleting && <DeleteForm uid={uid} email={email} image={image} onClose={close} onDeleted={onDeleted} />}
      </div>
    </article>
  );
}
