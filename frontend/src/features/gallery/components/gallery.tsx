import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { loginHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { labelsOf, rendererNote, settingsOf, useCatalog } from '@/lib/catalog';
import { isPro, useMe } from '@/lib/me';
import type { Generation, SourceMode } from '@/types/api';

import { NO_FILTERS, type HistoryFilters as Filters } from '../api/generations';
import { useHistory } from '../hooks/use-history';

import styles from './gallery.module.css';
import { GenerationCard, type Access } from './generation-card';
import { HistoryFilters } from './history-filters';

interface GalleryProps {
  /** The ids of the images made on this visit: marked new, and the first shown takes the focus. */
  readonly newIds: readonly string[];
  readonly onBack: () => void;
  /** 'Try Again': a new image with the same settings and a new seed. */
  readonly onTryAgain: (generation: Generation) => void;
  /** 'Use these settings': the form filled with every setting, the seed too. */
  readonly onUseSettings: (generation: Generation) => void;
  /** 'Vary (subtle)', 'Upscale 2x', … on a card. */
  readonly onMakeFrom: (generation: Generation, mode: SourceMode) => void;
  readonly onUpgrade: (feature: string) => void;
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

export function Gallery({ newIds, onBack, onTryAgain, onUseSettings, onMakeFrom, onUpgrade }: GalleryProps) {
  const { user, ready } = useAuth();
  const { me, status } = useMe();
  const { catalog } = useCatalog();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const history = useHistory(ready ? (user?.uid ?? null) : null, filters);
  const filtered = filters.favorite || filters.style !== '' || filters.q !== '';
  const list = useFocusOnNew(newIds);

  let access: Access;
  if (!ready) access = 'loading';
  else if (!user) access = 'guest';
  else if (isPro(me)) access = 'pro';
  else access = status === 'loading' ? 'loading' : 'free';

  const note = rendererNote(catalog);

  const card = (generation: Generation) => (
    <li key={generation.id}>
      <GenerationCard
        generation={generation}
        access={access}
        labels={labelsOf(catalog, generation)}
        settings={settingsOf(catalog, generation)}
        isNew={newIds.includes(generation.id)}
        onBack={onBack}
        onTryAgain={onTryAgain}
        onUseSettings={onUseSettings}
        sourceModes={catalog?.sourceModes ?? []}
        onMakeFrom={onMakeFrom}
        onUpgrade={onUpgrade}
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
          </>
        )}
      </section>
    </div>
  );
}
