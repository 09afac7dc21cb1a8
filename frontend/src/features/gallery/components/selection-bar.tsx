import { useEffect, useEffectEvent, useRef, useState } from 'react';

import { mustVerifyAge } from '@/lib/age-check';
import { useMe } from '@/lib/me';

import type { Access } from '../access';
import { useBulkActions, type Outcome } from '../hooks/use-bulk-actions';
import type { useSelection } from '../hooks/use-selection';

import { DeleteImageDialog } from './delete-image-dialog';
import styles from './library.module.css';

interface SelectionBarProps {
  readonly selection: ReturnType<typeof useSelection>;
  readonly access: Access;
  /** A free user chose Download, named as the bar names it. */
  readonly onUpgrade: (feature: string) => void;
}

/** What went wrong for some of the images an action was done to. */
function failure(outcome: Outcome | undefined, what: string): string | null {
  if (!outcome?.failed) return null;
  const total = outcome.failed + outcome.done.length;
  return `${String(outcome.failed)} of ${String(total)} images were not ${what}: ${outcome.error ?? ''}`;
}

/**
 * 'Select', and in select mode the bar over the grid: how many images are chosen, then Favourite,
 * Download (Premium's, as each image's own menu has it) and Delete (asked once, on any plan) for
 * all of them, and 'Done'. One button is 'Select' and 'Done', so the focus stays on it.
 */
export function SelectionBar({ selection, access, onUpgrade }: SelectionBarProps) {
  const { active, selected } = selection;
  const { me } = useMe();
  const { remove, favourite, download } = useBulkActions();
  // How many images the delete dialog asks about: fixed when it opens, as they leave while it waits.
  const [confirming, setConfirming] = useState<number | null>(null);
  // Explicit images this viewer may not see yet, left out of a download as their menu leaves them.
  const [leftOut, setLeftOut] = useState(0);
  const toggle = useRef<HTMLButtonElement>(null);
  const wasActive = useRef(active);

  const forget = useEffectEvent(() => {
    for (const each of [remove, favourite, download]) each.reset();
  });
  // Leaving, by 'Done' or Escape, forgets what the last action said. Escape also takes away the
  // button that had the focus: it comes back to 'Select'.
  useEffect(() => {
    if (wasActive.current && !active) {
      forget();
      if (document.activeElement === document.body) toggle.current?.focus();
    }
    wasActive.current = active;
  }, [active]);

  const count = selected.length;
  const busy = remove.isPending || favourite.isPending || download.isPending;
  const inert = count === 0 || busy || access === 'loading';
  const alerts = [
    failure(favourite.data, 'marked as favourites'),
    failure(download.data, 'downloaded'),
    leftOut > 0 && download.isSuccess
      ? `${String(leftOut)} explicit ${leftOut === 1 ? 'image was' : 'images were'} left out: ` +
        'verify your age to download them.'
      : null,
    failure(remove.data, 'deleted'),
  ].filter((alert) => typeof alert === 'string');

  function start(action: () => void) {
    if (inert) return;
    for (const each of [remove, favourite, download]) each.reset();
    action();
  }

  return (
    <>
      <div
        className={active ? `${styles.selectBar} ${styles.floating}` : styles.selectBar}
        role={active ? 'group' : undefined}
        aria-label={active ? 'Selected images' : undefined}
      >
        {active && (
          <>
            <p role="status" className={styles.count}>
              {count} selected
            </p>
            <button
              type="button"
              className="button button-small"
              aria-disabled={inert || undefined}
              onClick={() => {
                start(() => {
                  favourite.mutate(selected);
                });
              }}
            >
              <span aria-hidden="true">★</span> Favourite
            </button>
            <button
              type="button"
              className="button button-small"
              aria-disabled={inert || undefined}
              onClick={() => {
                start(() => {
                  if (access !== 'pro') {
                    onUpgrade('Download');
                    return;
                  }
                  const locked = selected.filter((image) => image.explicit && mustVerifyAge(me));
                  setLeftOut(locked.length);
                  download.mutate(selected.filter((image) => !locked.includes(image)));
                });
              }}
            >
              {download.isPending ? 'Downloading…' : 'Download'}
            </button>
            <button
              type="button"
              className="button button-small button-danger"
              aria-disabled={inert || undefined}
              onClick={() => {
                start(() => {
                  setConfirming(count);
                });
              }}
            >
              Delete…
            </button>
          </>
        )}
        <button
          ref={toggle}
          type="button"
          className="button button-small"
          onClick={() => {
            if (active) selection.stop();
            else selection.start();
          }}
        >
          {active ? 'Done' : 'Select'}
        </button>
        {alerts.map((alert) => (
          <p key={alert} role="alert" className={`alert ${styles.barAlert}`}>
            {alert}
          </p>
        ))}
      </div>
      {/* Outside the bar, whose z-index would hold the dialog under it. */}
      {confirming !== null && (
        <DeleteImageDialog
          count={confirming}
          pending={remove.isPending}
          onConfirm={() => {
            remove.mutate(selected, {
              onSuccess: (outcome) => {
                setConfirming(null);
                if (outcome.failed === 0) selection.stop();
              },
              onError: () => {
                setConfirming(null);
              },
            });
          }}
          onCancel={() => {
            setConfirming(null);
          }}
        />
      )}
    </>
  );
}
