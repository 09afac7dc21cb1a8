import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { AgeLockedImage } from '@/components/age-check/age-locked-image';
import { ImageFrame } from '@/components/ui/image-frame';
import { useImage } from '@/hooks/use-image';
import { useExplicitGate } from '@/lib/age-check';
import { browser } from '@/lib/browser';
import type { Labels } from '@/lib/catalog';
import type { Generation, SourceMode, SourceModeView } from '@/types/api';

import { downloadGeneration } from '../api/generations';
import { useDeleteGeneration, useFavorite } from '../hooks/use-history';

import styles from './gallery.module.css';
import { GenerationDetails } from './generation-details';

/** Who is looking decides what the controls do (spec section 6). */
export type Access = 'guest' | 'free' | 'pro' | 'loading';

interface GenerationCardProps {
  readonly generation: Generation;
  readonly access: Access;
  /** Its style, look, size and sampler by the catalog's names (see labelsOf). */
  readonly labels: Labels;
  /** Its guidance scale, sampler and size by name, those it records (see settingsOf). */
  readonly settings: readonly string[];
  /** Marked new: made on this visit. */
  readonly isNew: boolean;
  readonly onBack: () => void;
  /** 'Try Again': the same settings and a new seed. */
  readonly onTryAgain: (generation: Generation) => void;
  /** 'Use these settings': the form filled with every setting of the image, its seed too. */
  readonly onUseSettings: (generation: Generation) => void;
  /** How a new image may be made from this one (the catalog's); none where the backend cannot. */
  readonly sourceModes: readonly SourceModeView[];
  readonly onMakeFrom: (generation: Generation, mode: SourceMode) => void;
  /** Guests and free users: the premium controls lead here. */
  /** A free user pressed a Premium control, named as the control is. */
  readonly onUpgrade: (feature: string) => void;
}

export function GenerationCard({
  generation,
  access,
  labels,
  settings,
  isNew,
  onBack,
  onTryAgain,
  onUseSettings,
  sourceModes,
  onMakeFrom,
  onUpgrade,
}: GenerationCardProps) {
  const id = useId();
  const [sharp, setSharp] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const gate = useExplicitGate(generation);
  const image = useImage(generation.imageUrl, access !== 'guest' && gate.mayLoad);
  const download = useMutation({
    mutationFn: () => downloadGeneration(generation),
    onSuccess: ({ blob, filename }) => {
      browser.saveFile(blob, filename);
    },
  });
  const remove = useDeleteGeneration();
  const favorite = useFavorite(generation);
  const pending = download.isPending ? 'download' : remove.isPending || remove.isSuccess ? 'delete' : null;
  const error = (download.error ?? remove.error)?.message;
  const favoriteError = favorite.error ? `Favourite not saved: ${favorite.error.message}` : null;
  const pro = access === 'pro';
  // Anyone may erase what they made; download and sharp pixels stay Premium's.
  const deleteControls = (
    confirmingDelete ? (
      <>
        <button
          type="button"
          className="button button-small button-danger"
          disabled={pending !== null}
          onClick={() => {
            download.reset();
            remove.mutate(generation.id, { onError: () => { setConfirmingDelete(false); } });
          }}
        >
          {pending === 'delete' ? 'Deleting…' : 'Confirm delete'}
        </button>
        <button
          type="button"
          className="button button-small button-ghost"
          disabled={pending !== null}
          onClick={() => {
            setConfirmingDelete(false);
          }}
        >
          Cancel
        </button>
      </>
    ) : (
      <button
        type="button"
        className="button button-small"
        disabled={pending !== null}
        onClick={() => {
          setConfirmingDelete(true);
        }}
      >
        Delete
      </button>
    )
  );
  const blurred = generation.blurred && !sharp;
  const waiting = access === 'loading';

  function removeBlur() {
    // The gateway sends pro users the original; fetching again replaces the stale preview.
    setSharp(true);
    image.reload();
  }

  const alt = `Generated image: ${generation.prompt}`;

  return (
    // Focusable from script: the gallery moves focus to a new image once it is shown.
    <article
      className={styles.card}
      aria-labelledby={`${id}-prompt`}
      data-testid="generation-card"
      data-generation-id={generation.id}
      tabIndex={-1}
    >
      {gate.locked ? (
        <AgeLockedImage width={generation.width} height={generation.height} />
      ) : (
        <ImageFrame
          src={image.src}
          alt={alt}
          width={generation.width}
          height={generation.height}
          waiting={
            access === 'guest'
              ? 'Log in to see this image'
              : image.error
                ? `Image unavailable: ${image.error}`
                : 'Loading image…'
          }
        >
          {blurred && <span className={styles.badge}>Blurred preview</span>}
        </ImageFrame>
      )}

      <div className={styles.body}>
        {isNew && <span className={styles.newTag}>New</span>}
        <p id={`${id}-prompt`} className={styles.prompt}>
          {generation.prompt}
        </p>
        <p className={styles.meta}>
          {[
            labels.style,
            `seed ${String(generation.seed)}`,
            `${String(generation.steps)} steps`,
            ...settings,
            `${String(generation.width)}×${String(generation.height)}`,
          ].join(' · ')}
        </p>
        <GenerationDetails generation={generation} labels={labels} />

        <div className={styles.actions} role="group" aria-label="Image actions">
          <button type="button" className="button button-small button-ghost" onClick={onBack}>
            Back
          </button>
          {access !== 'guest' && (
            <button
              type="button"
              className={`button button-small ${favorite.favorite ? styles.favorite : 'button-ghost'}`}
              aria-pressed={favorite.favorite}
              disabled={waiting || favorite.pending}
              onClick={favorite.toggle}
            >
              <span aria-hidden="true">{favorite.favorite ? '★ ' : '☆ '}</span>
              Favourite
            </button>
          )}
          <button
            type="button"
            className="button button-small"
            title="Draws a new image with these settings and a new seed"
            onClick={() => {
              onTryAgain(generation);
            }}
          >
            Try Again
          </button>
          <button
            type="button"
            className="button button-small button-ghost"
            title="Fills the Generate form with every setting of this image, its seed too"
            onClick={() => {
              onUseSettings(generation);
            }}
          >
            Use these settings
          </button>
          {pro ? (
            <>
              <button
                type="button"
                className="button button-small"
                disabled={!blurred || gate.locked}
                title={blurred ? undefined : 'This image is already sharp'}
                onClick={removeBlur}
              >
                Remove blur
              </button>
              {/* The gateway serves an explicit image only to a verified adult, as a file too. */}
              <button
                type="button"
                className="button button-small"
                disabled={pending !== null || gate.locked}
                onClick={() => {
                  download.reset();
                  remove.reset();
                  download.mutate();
                }}
              >
                {pending === 'download' ? 'Downloading…' : 'Download'}
              </button>
              {deleteControls}
            </>
          ) : (
            <>
              <button
                type="button"
                className="button button-small"
                disabled={waiting}
                onClick={() => {
                  onUpgrade('Remove blur');
                }}
              >
                Remove blur
              </button>
              <button
                type="button"
                className="button button-small"
                disabled={waiting}
                onClick={() => {
                  onUpgrade('Download');
                }}
              >
                Download
              </button>
              {access === 'free' && deleteControls}
            </>
          )}
        </div>
        {access !== 'guest' && sourceModes.length > 0 && (
          <div className={styles.actions} role="group" aria-label="Make from this image">
            {sourceModes.map((mode) => {
              const locked = mode.pro && !pro;
              return (
                <button
                  key={mode.id}
                  type="button"
                  className="button button-small button-ghost"
                  disabled={waiting}
                  onClick={() => {
                    if (locked) onUpgrade(mode.label);
                    else onMakeFrom(generation, mode.id);
                  }}
                >
                  {mode.label}
                  {locked && (
                    <>
                      {' '}
                      <span className="pro-tag">Pro</span>
                    </>
                  )}
                </button>
              );
            })}
          </div>
        )}
        {error && (
          <p role="alert" className="alert">
            {error}
          </p>
        )}
        {favoriteError && (
          <p role="alert" className="alert">
            {favoriteError}
          </p>
        )}
      </div>
    </article>
  );
}
