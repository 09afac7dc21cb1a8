import { useState } from 'react';
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
  /** The images of this visit (navigation state), oldest first. */
  readonly generations: readonly Generation[];
  readonly onBack: (remaining: readonly Generation[]) => void;
  readonly onTryAgain: (generation: Generation, remaining: readonly Generation[]) => void;
  /** 'Vary (subtle)', 'Upscale 2x', … on a card. */
  readonly onMakeFrom: (generation: Generation, mode: SourceMode, remaining: readonly Generation[]) => void;
  readonly onUpgrade: () => void;
  /** The visit's list changed (an image was deleted). */
  readonly onChange: (remaining: readonly Generation[]) => void;
}

export function Gallery({ generations, onBack, onTryAgain, onMakeFrom, onUpgrade, onChange }: GalleryProps) {
  const { user, ready } = useAuth();
  const { me, status } = useMe();
  const { catalog } = useCatalog();
  const [recent, setRecent] = useState<readonly Generation[]>(generations);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const history = useHistory(ready ? (user?.uid ?? null) : null, filters);
  const filtered = filters.favorite || filters.style !== '' || filters.q !== '';

  let access: Access;
  if (!ready) access = 'loading';
  else if (!user) access = 'guest';
  else if (isPro(me)) access = 'pro';
  else access = status === 'loading' ? 'loading' : 'free';

  const note = rendererNote(catalog);
  const shown = new Set(recent.map((item) => item.id));
  const saved = history.items.filter((item) => !shown.has(item.id));

  function deleted(id: string) {
    const remaining = recent.filter((item) => item.id !== id);
    setRecent(remaining);
    if (remaining.length !== recent.length) onChange(remaining);
  }

  const card = (generation: Generation) => (
    <li key={generation.id}>
      <GenerationCard
        generation={generation}
        access={access}
        labels={labelsOf(catalog, generation)}
        settings={settingsOf(catalog, generation)}
        onBack={() => {
          onBack(recent);
        }}
        onTryAgain={(item) => {
          onTryAgain(item, recent);
        }}
        sourceModes={catalog?.sourceModes ?? []}
        onMakeFrom={(item, mode) => {
          onMakeFrom(item, mode, recent);
        }}
        onUpgrade={onUpgrade}
        onDeleted={deleted}
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

      <section aria-labelledby="new-images-title" className={styles.section}>
        <h2 id="new-images-title" className={styles.sectionTitle}>
          New images
        </h2>
        {recent.length > 0 ? (
          <ul className={styles.grid}>{[...recent].reverse().map(card)}</ul>
        ) : (
          <p className={styles.empty}>
            Nothing new yet. <Link to={paths.generate}>Generate an image</Link>
          </p>
        )}
      </section>

      <section aria-labelledby="history-title" className={styles.section}>
        <h2 id="history-title" className={styles.sectionTitle}>
          Your saved images
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
            {saved.length > 0 && <ul className={styles.grid}>{saved.map(card)}</ul>}
            {history.status === 'ready' && saved.length === 0 && (
              <p className={styles.empty}>
                {!filtered
                  ? 'No saved images yet.'
                  : history.hasMore
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
