import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';

import { loginHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { labelsOf, rendererNote, settingsOf, useCatalog } from '@/lib/catalog';
import { isPro, useMe } from '@/lib/me';
import type { Generation } from '@/types/api';

import type { Access } from '../access';
import { NO_FILTERS, type HistoryFilters as Filters } from '../api/generations';
import { useHistory } from '../hooks/use-history';
import { useViewer } from '../hooks/use-viewer';

import styles from './gallery.module.css';
import type { ImageHandlers } from './generation-actions';
import { GenerationCard } from './generation-card';
import { HistoryFilters } from './history-filters';
import { ImageViewer } from './image-viewer';

interface GalleryProps extends ImageHandlers {
  /** The ids of the images made on this visit: marked new, and the first shown takes the focus. */
  readonly newIds: readonly string[];
}

/** The card of image `id` in `list`, if it is shown. */
function cardOf(list: HTMLElement | null, id: string): HTMLElement | undefined {
  const cards = list?.querySelectorAll<HTMLElement>('[data-generation-id]') ?? [];
  return Array.from(cards).find((card) => card.dataset.generationId === id);
}

/**
 * Moves the focus to the first new image once it is shown, so keyboard and screen reader users
 * land on the result; once per visit of the page, never again while they filter or page.
 */
function useFocusOnNew(newIds: readonly string[]) {
  const list = useRef<HTMLUListElement>(null);
  const pending = useRef(newIds.length > 0);
  useEffect(() => {
    if (!pending.current) return;
    const cards = list.current?.querySelectorAll<HTMLElement>('[data-generation-id]') ?? [];
    const first = Array.from(cards).find((card) => newIds.includes(card.dataset.generationId ?? ''));
    if (!first) return;
    pending.current = false;
    first.focus();
  });
  return list;
}

/**
 * The viewer gives the focus back to the image that opened it. Opened from the address (a reload,
 * a link), it has none: the card of the image it showed last takes the focus instead.
 */
function useFocusAfterViewer(list: RefObject<HTMLElement | null>, viewed: string | undefined) {
  const last = useRef<string | undefined>(undefined);
  useEffect(() => {
    const closed = last.current;
    last.current = viewed;
    if (viewed || !closed || document.activeElement !== document.body) return;
    cardOf(list.current, closed)?.focus();
  }, [list, viewed]);
}

export function Gallery({ newIds, ...handlers }: GalleryProps) {
  const { user, ready } = useAuth();
  const { me, status } = useMe();
  const { catalog } = useCatalog();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const history = useHistory(ready ? (user?.uid ?? null) : null, filters);
  const filtered = filters.favorite || filters.style !== '' || filters.q !== '';
  const list = useFocusOnNew(newIds);
  const viewer = useViewer(history);
  const viewed = history.items[viewer.index];
  useFocusAfterViewer(list, viewed?.id);

  let access: Access;
  if (!ready) access = 'loading';
  else if (!user) access = 'guest';
  else if (isPro(me)) access = 'pro';
  else access = status === 'loading' ? 'loading' : 'free';

  const note = rendererNote(catalog);
  const sourceModes = catalog?.sourceModes ?? [];

  const card = (generation: Generation) => (
    <li key={generation.id}>
      <GenerationCard
        generation={generation}
        access={access}
        labels={labelsOf(catalog, generation)}
        settings={settingsOf(catalog, generation)}
        isNew={newIds.includes(generation.id)}
        sourceModes={sourceModes}
        handlers={handlers}
        onOpen={viewer.open}
      />
    </li>
  );

  return (
    <div className={styles.gallery}>
      {note && (
        <p className="notice" data-testid="renderer-note">
          {note}
        </p>
      )}

      <section aria-labelledby="history-title" className={styles.section}>
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
            <HistoryFilters value={filters} styles={catalog?.styles ?? []} onChange={setFilters} />
            {history.items.length > 0 && (
              <ul ref={list} className={styles.grid}>
                {history.items.map(card)}
              </ul>
            )}
            {history.status === 'ready' && history.items.length === 0 && (
              <p className={styles.empty}>
                {!filtered ? (
                  <>
                    No saved images yet. <Link to={paths.generate}>Generate an image</Link>
                  </>
                ) : history.hasMore
                    ? 'No images match these filters so far. Load more to look further back.'
                    : 'No images match these filters.'}
              </p>
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
