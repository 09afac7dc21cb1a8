import { useEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router-dom';

import { loginHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { rendererNote, useCatalog } from '@/lib/catalog';
import { isPro, useMe } from '@/lib/me';

import type { Access } from '../access';
import { useHistory } from '../hooks/use-history';
import { useNearEnd } from '../hooks/use-near-end';
import { useSelection } from '../hooks/use-selection';
import { useUrlFilters } from '../hooks/use-url-filters';
import { useViewer } from '../hooks/use-viewer';

import styles from './gallery.module.css';
import type { ImageHandlers } from './generation-actions';
import { HistoryFilters } from './history-filters';
import { HistoryGrid } from './history-grid';
import { ImageViewer } from './image-viewer';
import { SelectionBar } from './selection-bar';

interface GalleryProps extends ImageHandlers {
  /** The ids of the images made on this visit: marked new, and the first shown takes the focus. */
  readonly newIds: readonly string[];
}

/** The tile of image `id` in `list`, if it is shown. */
function tileOf(list: HTMLElement | null, id: string): HTMLElement | undefined {
  const tiles = list?.querySelectorAll<HTMLElement>('[data-generation-id]') ?? [];
  return Array.from(tiles).find((tile) => tile.dataset.generationId === id);
}

/**
 * Moves the focus to the first new image once it is shown, so keyboard and screen reader users
 * land on the result; once per visit of the page, never again while they filter or page.
 */
function useFocusOnNew(newIds: readonly string[]) {
  const list = useRef<HTMLDivElement>(null);
  const pending = useRef(newIds.length > 0);
  useEffect(() => {
    if (!pending.current) return;
    const tiles = list.current?.querySelectorAll<HTMLElement>('[data-generation-id]') ?? [];
    const first = Array.from(tiles).find((tile) => newIds.includes(tile.dataset.generationId ?? ''));
    if (!first) return;
    pending.current = false;
    first.focus();
  });
  return list;
}

/**
 * The viewer gives the focus back to the image that opened it. Opened from the address (a reload,
 * a link), it has none: the tile of the image it showed last takes the focus instead.
 */
function useFocusAfterViewer(list: RefObject<HTMLElement | null>, viewed: string | undefined) {
  const last = useRef<string | undefined>(undefined);
  useEffect(() => {
    const closed = last.current;
    last.current = viewed;
    if (viewed || !closed || document.activeElement !== document.body) return;
    tileOf(list.current, closed)?.focus();
  }, [list, viewed]);
}

export function Gallery({ newIds, ...handlers }: GalleryProps) {
  const { user, ready } = useAuth();
  const { me, status } = useMe();
  const { catalog } = useCatalog();
  const filters = useUrlFilters();
  const history = useHistory(ready ? (user?.uid ?? null) : null, filters.filters);
  const selection = useSelection(history.items);
  const list = useFocusOnNew(newIds);
  const viewer = useViewer(history);
  const viewed = history.items[viewer.index];
  useFocusAfterViewer(list, viewed?.id);
  const sentinel = useNearEnd(history.hasMore && history.status === 'ready', history.loadMore);
  const search = useRef<HTMLInputElement>(null);

  let access: Access;
  if (!ready) access = 'loading';
  else if (!user) access = 'guest';
  else if (isPro(me)) access = 'pro';
  else access = status === 'loading' ? 'loading' : 'free';

  const note = rendererNote(catalog);
  const sourceModes = catalog?.sourceModes ?? [];
  const empty = history.status === 'ready' && history.items.length === 0;
  // The button goes with the filters: the focus goes on to the words, to look for others.
  const clearFilters = () => {
    filters.clear();
    search.current?.focus();
  };

  return (
    <div className={styles.gallery}>
      {note && (
        <p className="notice" data-testid="renderer-note">
          {note}
        </p>
      )}

      <section
        aria-labelledby="history-title"
        className={selection.active ? `${styles.section} ${styles.selecting}` : styles.section}
      >
        <h2 id="history-title" className={styles.sectionTitle}>
          Your images
        </h2>
        {!ready ? null : !user ? (
          <p className={styles.empty}>
            <Link to={loginHref(paths.generation)}>Log in</Link> to see the images you have made.
          </p>
        ) : (
          <>
            {access === 'free' && (
              <p className={styles.hint}>
                Free images are kept for a limited time. <Link to={paths.subscribe}>Premium</Link> saves them for
                life.
              </p>
            )}
            <div className={styles.tools}>
              <HistoryFilters
                value={filters.filters}
                styles={catalog?.styles ?? []}
                onChange={filters.set}
                searchRef={search}
              />
              {filters.filtered && !empty && (
                <button type="button" className="button button-small button-ghost" onClick={clearFilters}>
                  Clear filters
                </button>
              )}
              {(history.items.length > 0 || selection.active) && (
                <SelectionBar selection={selection} access={access} onUpgrade={handlers.onUpgrade} />
              )}
            </div>
            {history.items.length > 0 && (
              <HistoryGrid
                ref={list}
                items={history.items}
                access={access}
                newIds={newIds}
                sourceModes={sourceModes}
                handlers={handlers}
                onOpen={viewer.open}
                isChosen={selection.active ? selection.isChosen : null}
                onChoose={selection.toggle}
              />
            )}
            {empty && !filters.filtered && (
              <p className={styles.empty}>
                No saved images yet. <Link to={paths.generate}>Generate an image</Link>
              </p>
            )}
            {empty && filters.filtered && (
              <div className={styles.noMatch}>
                <p className={styles.empty}>
                  {history.hasMore
                    ? 'No images match these filters so far. Load more to look further back.'
                    : 'No images match these filters.'}
                </p>
                <button type="button" className="button button-small" onClick={clearFilters}>
                  Clear filters
                </button>
              </div>
            )}
            {history.status === 'loading' && (
              <p className={styles.hint} role="status">
                Loading your images…
              </p>
            )}
            {history.status === 'error' && (
              <div role="alert" className="alert">
                <p>{history.error}</p>
                <button type="button" className="button button-small" onClick={history.retry}>
                  Try again
                </button>
              </div>
            )}
            {/* Scrolling near it loads the next page; the button is the keyboard's way on, and
                the way without the observer. */}
            <div ref={sentinel} aria-hidden="true" />
            {history.hasMore && history.status === 'ready' && (
              <button type="button" className={`button ${styles.more}`} onClick={history.loadMore}>
                Load more
              </button>
            )}
            {viewed && (
              <ImageViewer
                generation={viewed}
                position={viewer.index + 1}
                total={history.items.length}
                access={access}
                sourceModes={sourceModes}
                handlers={handlers}
                onStep={viewer.step}
                onClose={viewer.close}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
