import { Menu } from '@/components/ui/menu';
import type { Generation, SourceModeView } from '@/types/api';

import type { Access } from '../access';
import type { ImageHandlers } from '../image-handlers';
import { useImageActions } from '../hooks/use-image-actions';

import { DeleteImageDialog } from './delete-image-dialog';
import styles from './gallery.module.css';
import { imageMenuEntries } from './image-menu-entries';

interface GenerationActionsProps {
  readonly generation: Generation;
  readonly access: Access;
  /** How a new image may be made from this one (the catalog's); none where the backend cannot. */
  readonly sourceModes: readonly SourceModeView[];
  readonly handlers: ImageHandlers;
  /** The id of what names the image, read with the menu button. */
  readonly describedBy?: string;
  /** The menu button as '⋯' alone (a tile of the grid). */
  readonly compact?: boolean;
}

/**
 * Everything that can be done with an image, in one 'Actions' menu, the tile's and the viewer's
 * alike; then the delete's confirmation and what went wrong.
 */
export function GenerationActions({ describedBy, compact = false, ...of }: GenerationActionsProps) {
  const actions = useImageActions(of.generation);
  const { alerts } = actions;

  return (
    <>
      <Menu
        label="Actions"
        entries={imageMenuEntries({ ...of, actions })}
        describedBy={describedBy}
        compact={compact}
      />
      {actions.confirming && (
        <DeleteImageDialog
          pending={actions.deleting}
          onConfirm={actions.confirmDelete}
          onCancel={actions.cancelDelete}
        />
      )}
      {alerts.length > 0 && (
        <div className={styles.alerts}>
          {alerts.map((alert) => (
            <p key={alert} role="alert" className="alert">
              {alert}
            </p>
          ))}
        </div>
      )}
    </>
  );
}
