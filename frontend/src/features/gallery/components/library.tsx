import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useCatalog } from '@/lib/catalog';

import type { Access } from '../access';
import type { ImageHandlers } from '../image-handlers';
import type { useLibrary } from '../hooks/use-library';

import styles from './gallery.module.css';
import { HistoryFilters } from './history-filters';
import { HistoryGrid } from './history-grid';
import { HistoryStatus } from './history-status';
import { ImageViewer } from './image-viewer';
import { SelectionBar } from './selection-bar';

interface LibraryProps {
  readonly library: ReturnType<typeof useLibrary>;
  readonly access: Access;
  readonly newIds: readonly string[];
  readonly handlers: ImageHandlers;
}

/** A signed-in user's images: the filters and select mode, the grid, its state, and the viewer over it. */
export function Library({ library, access, newIds, handlers }: LibraryProps) {
  const { catalog } = useCatalog();
  const { filters, history, selection, viewer, viewed, list, search, clearFilters } = library;
  const sourceModes = catalog?.sourceModes ?? [];
  const empty = history.status === 'ready' && history.items.length === 0;

  return (
    <>
      {access === 'free' && (
        <p className={styles.hint}>
          Free images are kept for a limited time. <Link to={paths.subscribe}>Premium</Link> saves them for life.
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
      <HistoryStatus history={history} filtered={filters.filtered} onClearFilters={clearFilters} />
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
  );
}
