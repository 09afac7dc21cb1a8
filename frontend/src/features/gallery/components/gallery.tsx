import { Link } from 'react-router-dom';

import { loginHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { rendererNote, useCatalog } from '@/lib/catalog';

import { useAccess } from '../hooks/use-access';
import { useLibrary } from '../hooks/use-library';

import styles from './gallery.module.css';
import { Library } from './library';
import type { ImageHandlers } from '../image-handlers';

interface GalleryProps extends ImageHandlers {
  /** The ids of the images made on this visit: marked new, and the first shown takes the focus. */
  readonly newIds: readonly string[];
}

export function Gallery({ newIds, ...handlers }: GalleryProps) {
  const { user, ready } = useAuth();
  const { catalog } = useCatalog();
  const access = useAccess();
  const library = useLibrary(ready ? (user?.uid ?? null) : null, newIds);
  const note = rendererNote(catalog);

  return (
    <div className={styles.gallery}>
      {note && (
        <p className="notice" data-testid="renderer-note">
          {note}
        </p>
      )}

      <section
        aria-labelledby="history-title"
        className={library.selection.active ? `${styles.section} ${styles.selecting}` : styles.section}
      >
        <h2 id="history-title" className={styles.sectionTitle}>
          Your images
        </h2>
        {!ready ? null : !user ? (
          <p className={styles.empty}>
            <Link to={loginHref(paths.generation)}>Log in</Link> to see the images you have made.
          </p>
        ) : (
          <Library library={library} access={access} newIds={newIds} handlers={handlers} />
        )}
      </section>
    </div>
  );
}
