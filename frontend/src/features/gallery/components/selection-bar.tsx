import { useRef, type ReactNode } from 'react';

import type { Access } from '../access';
import { useSelectionActions } from '../hooks/use-selection-actions';
import type { useSelection } from '../hooks/use-selection';

import { DeleteImageDialog } from './delete-image-dialog';
import styles from './library.module.css';

interface SelectionBarProps {
  readonly selection: ReturnType<typeof useSelection>;
  readonly access: Access;
  /** A free user chose Download, named as the bar names it. */
  readonly onUpgrade: (feature: string) => void;
}

interface BarButtonProps {
  /** It cannot act now: it says so (aria-disabled) and stays focusable, so the focus is not lost. */
  readonly inert: boolean;
  readonly danger?: boolean;
  readonly onPress: () => void;
  readonly children: ReactNode;
}

function BarButton({ inert, danger = false, onPress, children }: BarButtonProps) {
  return (
    <button
      type="button"
      className={danger ? 'button button-small button-danger' : 'button button-small'}
      aria-disabled={inert || undefined}
      onClick={() => {
        if (!inert) onPress();
      }}
    >
      {children}
    </button>
  );
}

/** In select mode: how many images are chosen, and what can be done to all of them. */
interface BulkButtonsProps {
  readonly count: number;
  readonly actions: ReturnType<typeof useSelectionActions>;
}

function BulkButtons({ count, actions }: BulkButtonsProps) {
  const { inert } = actions;
  return (
    <>
      <p role="status" className={styles.count}>
        {count} selected
      </p>
      <BarButton inert={inert} onPress={actions.favourite}>
        <span aria-hidden="true">★</span> Favourite
      </BarButton>
      <BarButton inert={inert} onPress={actions.download}>
        {actions.downloading ? 'Downloading…' : 'Download'}
      </BarButton>
      <BarButton inert={inert} danger onPress={actions.askDelete}>
        Delete…
      </BarButton>
    </>
  );
}

/**
 * 'Select', and in select mode the bar over the grid: the chosen images' count and actions, and
 * 'Done'. One button is 'Select' and 'Done', so the focus stays on it.
 */
export function SelectionBar({ selection, access, onUpgrade }: SelectionBarProps) {
  const { active } = selection;
  const toggle = useRef<HTMLButtonElement>(null);
  const actions = useSelectionActions(selection, access, onUpgrade, toggle);

  return (
    <>
      <div
        className={active ? `${styles.selectBar} ${styles.floating}` : styles.selectBar}
        role={active ? 'group' : undefined}
        aria-label={active ? 'Selected images' : undefined}
      >
        {active && <BulkButtons count={selection.selected.length} actions={actions} />}
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
        {actions.alerts.map((alert) => (
          <p key={alert} role="alert" className={`alert ${styles.barAlert}`}>
            {alert}
          </p>
        ))}
      </div>
      {/* Outside the bar, whose z-index would hold the dialog under it. */}
      {actions.confirming !== null && (
        <DeleteImageDialog
          count={actions.confirming}
          pending={actions.deleting}
          onConfirm={actions.confirmDelete}
          onCancel={actions.cancelDelete}
        />
      )}
    </>
  );
}
