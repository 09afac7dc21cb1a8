import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';

import { mustVerifyAge } from '@/lib/age-check';
import { useMe } from '@/lib/me';

import type { Access } from '../access';

import { useBulkActions, type Outcome } from './use-bulk-actions';
import type { useSelection } from './use-selection';

/** What went wrong for some of the images an action was done to. */
function failure(outcome: Outcome | undefined, what: string): string | null {
  if (!outcome?.failed) return null;
  const total = outcome.failed + outcome.done.length;
  return `${String(outcome.failed)} of ${String(total)} images were not ${what}: ${outcome.error ?? ''}`;
}

type Bulk = ReturnType<typeof useBulkActions>;

/** What the last action said went wrong, `leftOut` explicit images left out of a download among it. */
function alertsOf({ remove, favourite, download }: Bulk, leftOut: number): string[] {
  return [
    failure(favourite.data, 'marked as favourites'),
    failure(download.data, 'downloaded'),
    leftOut > 0 && download.isSuccess
      ? `${String(leftOut)} explicit ${leftOut === 1 ? 'image was' : 'images were'} left out: ` +
        'verify your age to download them.'
      : null,
    failure(remove.data, 'deleted'),
  ].filter((alert) => typeof alert === 'string');
}

/**
 * Leaving select mode, by 'Done' or Escape, forgets what the last action said. Escape also takes
 * away the button that had the focus: it goes to `toggle` ('Select').
 */
function useForgetOnLeave(active: boolean, bulk: Bulk, toggle: RefObject<HTMLButtonElement | null>) {
  const wasActive = useRef(active);
  const forget = useEffectEvent(() => {
    for (const each of Object.values(bulk)) each.reset();
  });
  useEffect(() => {
    if (wasActive.current && !active) {
      forget();
      if (document.activeElement === document.body) toggle.current?.focus();
    }
    wasActive.current = active;
  }, [active, toggle]);
}

/**
 * Favourite, Download (Premium's, as each image's own menu has it) and Delete (asked once, on any
 * plan) for the images chosen in select mode, and what became of the last.
 */
export function useSelectionActions(
  selection: ReturnType<typeof useSelection>,
  access: Access,
  onUpgrade: (feature: string) => void,
  toggle: RefObject<HTMLButtonElement | null>,
) {
  const { active, selected } = selection;
  const { me } = useMe();
  const bulk = useBulkActions();
  const { remove, favourite, download } = bulk;
  // How many images the delete dialog asks about: fixed when it opens, as they leave while it waits.
  const [confirming, setConfirming] = useState<number | null>(null);
  // Explicit images this viewer may not see yet, left out of a download as their menu leaves them.
  const [leftOut, setLeftOut] = useState(0);
  useForgetOnLeave(active, bulk, toggle);

  /** A new action: what the last one said no longer applies. */
  const start = (action: () => void) => () => {
    for (const each of Object.values(bulk)) each.reset();
    action();
  };

  return {
    /** Nothing chosen, an action under way, or the plan not known yet: the buttons wait. */
    inert: selected.length === 0 || Object.values(bulk).some((each) => each.isPending) || access === 'loading',
    downloading: download.isPending,
    deleting: remove.isPending,
    confirming,
    alerts: alertsOf(bulk, leftOut),
    favourite: start(() => {
      favourite.mutate(selected);
    }),
    download: start(() => {
      if (access !== 'pro') {
        onUpgrade('Download');
        return;
      }
      const locked = selected.filter((image) => image.explicit && mustVerifyAge(me));
      setLeftOut(locked.length);
      download.mutate(selected.filter((image) => !locked.includes(image)));
    }),
    askDelete: start(() => {
      setConfirming(selected.length);
    }),
    confirmDelete: () => {
      remove.mutate(selected, {
        onSuccess: (outcome) => {
          if (outcome.failed === 0) selection.stop();
        },
        onSettled: () => {
          setConfirming(null);
        },
      });
    },
    cancelDelete: () => {
      setConfirming(null);
    },
  };
}
