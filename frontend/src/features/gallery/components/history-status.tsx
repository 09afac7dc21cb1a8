import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import type { useHistory } from '../hooks/use-history';
import { useNearEnd } from '../hooks/use-near-end';

import styles from './gallery.module.css';

interface HistoryStatusProps {
  readonly history: ReturnType<typeof useHistory>;
  /** The history is filtered: an empty one says so, and offers to clear the filters. */
  readonly filtered: boolean;
  readonly onClearFilters: () => void;
}

/**
 * What follows the grid: why it is empty, the page on its way or what stopped it, and the way on
 * to older images (scrolling near the end, or 'Load more').
 */
export function HistoryStatus({ history, filtered, onClearFilters }: HistoryStatusProps) {
  const sentinel = useNearEnd(history.hasMore && history.status === 'ready', history.loadMore);
  const empty = history.status === 'ready' && history.items.length === 0;

  return (
    <>
      {empty && !filtered && (
        <p className={styles.empty}>
          No saved images yet. <Link to={paths.generate}>Generate an image</Link>
        </p>
      )}
      {empty && filtered && (
        <div className={styles.noMatch}>
          <p className={styles.empty}>
            {history.hasMore
              ? 'No images match these filters so far. Load more to look further back.'
              : 'No images match these filters.'}
          </p>
          <button type="button" className="button button-small" onClick={onClearFilters}>
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
      {/* Scrolling near it loads the next page; the button is the keyboard's way on, and the way
          without the observer. */}
      <div ref={sentinel} aria-hidden="true" />
      {history.hasMore && history.status === 'ready' && (
        <button type="button" className={`button ${styles.more}`} onClick={history.loadMore}>
          Load more
        </button>
      )}
    </>
  );
}
