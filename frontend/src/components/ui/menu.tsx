import { useId, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';

import { itemForKey, useMenuOpening, type Opening } from './menu-behaviour';
import styles from './menu.module.css';

export interface MenuItem {
  /** What the item reads as; its text is also what typing its first letter finds. */
  readonly label: ReactNode;
  readonly onSelect: () => void;
  /** Listed but not chosen (aria-disabled): it stays focusable, so a screen reader still hears it. */
  readonly disabled?: boolean;
  /** What it does, or why it cannot: the item's accessible description. */
  readonly description?: string;
  /** A menuitemcheckbox in this state; a plain menuitem without it. */
  readonly checked?: boolean;
}

/** Items in order; 'separator' draws a line between groups. */
export type MenuEntry = MenuItem | 'separator';

interface MenuProps {
  /** The button's text, and the menu's name. */
  readonly label: string;
  readonly entries: readonly MenuEntry[];
  /** The id of what the menu acts on, read as the button's description. */
  readonly describedBy?: string;
  /** The button shows '⋯' alone, `label` its name: where a small image has no room for the word. */
  readonly compact?: boolean;
}

interface MenuListProps {
  /** The menu's id, whose button names the list. */
  readonly id: string;
  readonly entries: readonly MenuEntry[];
  readonly onChoose: (item: MenuItem) => void;
  readonly onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  readonly ref: Ref<HTMLDivElement>;
}

function MenuList({ id, entries, onChoose, onKeyDown, ref }: MenuListProps) {
  return (
    <div
      ref={ref}
      id={`${id}-menu`}
      role="menu"
      aria-labelledby={`${id}-button`}
      className={styles.list}
      onKeyDown={onKeyDown}
    >
      {entries.map((entry, index) =>
        entry === 'separator' ? (
          <div key={`separator-${String(index)}`} role="separator" className={styles.separator} />
        ) : (
          <button
            key={index}
            type="button"
            role={entry.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
            aria-checked={entry.checked}
            aria-disabled={entry.disabled ? true : undefined}
            title={entry.description}
            tabIndex={-1}
            className={styles.item}
            onClick={() => {
              onChoose(entry);
            }}
          >
            {entry.label}
          </button>
        ),
      )}
    </div>
  );
}

interface MenuButtonProps extends Omit<MenuProps, 'entries'> {
  /** The menu's id, whose list the button controls. */
  readonly id: string;
  readonly open: boolean;
  readonly onOpen: (opening: Opening) => void;
  readonly onClose: () => void;
  readonly ref: Ref<HTMLButtonElement>;
}

function MenuButton({ id, label, compact, open, describedBy, onOpen, onClose, ref }: MenuButtonProps) {
  return (
    <button
      ref={ref}
      id={`${id}-button`}
      type="button"
      className="button button-small"
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? `${id}-menu` : undefined}
      aria-describedby={describedBy}
      aria-label={compact ? label : undefined}
      title={compact ? label : undefined}
      onClick={() => {
        if (open) onClose();
        else onOpen('first');
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) onClose();
        else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          onOpen(event.key === 'ArrowDown' ? 'first' : 'last');
        } else return;
        event.preventDefault();
        event.stopPropagation();
      }}
    >
      {compact ? (
        <span aria-hidden="true">⋯</span>
      ) : (
        <>
          {label}
          <span aria-hidden="true">▾</span>
        </>
      )}
    </button>
  );
}

/**
 * A menu button (WAI-ARIA's menu button pattern): Enter, Space, a click or Down opens it on the
 * first item, Up on the last; Up, Down, Home, End and a first letter move through the items;
 * Escape closes it back onto the button, Tab or a press elsewhere just closes it. No key pressed
 * in the open menu goes further (but Tab), so the page around it (the image viewer's arrows, its
 * Escape) waits until the menu is closed.
 */
export function Menu({ label, entries, describedBy, compact = false }: MenuProps) {
  const id = useId();
  const { open, setOpening, rootRef, listRef } = useMenuOpening();
  const buttonRef = useRef<HTMLButtonElement>(null);

  function close(refocus: boolean) {
    setOpening(null);
    if (refocus) buttonRef.current?.focus();
  }

  function choose(item: MenuItem) {
    if (item.disabled) return;
    // Back on the button before the action, so a dialog it opens returns the focus there.
    close(true);
    item.onSelect();
  }

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    // From the button, the browser's own Tab goes on to what follows it: the items are gone by then.
    if (event.key === 'Tab') {
      close(true);
      return;
    }
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    const next = itemForKey(listRef.current, event);
    if (next === null) return;
    event.preventDefault();
    next?.focus();
  }

  return (
    <div
      ref={rootRef}
      className={styles.menu}
      onBlur={(event) => {
        // The focus went elsewhere (a script, a screen reader's cursor).
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) setOpening(null);
      }}
    >
      <MenuButton
        ref={buttonRef}
        id={id}
        label={label}
        compact={compact}
        open={open}
        describedBy={describedBy}
        onOpen={setOpening}
        onClose={() => {
          close(false);
        }}
      />
      {open && <MenuList ref={listRef} id={id} entries={entries} onChoose={choose} onKeyDown={moveFocus} />}
    </div>
  );
}
