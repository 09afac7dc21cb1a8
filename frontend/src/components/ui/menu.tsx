import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

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

type Opening = 'first' | 'last';

function itemsOf(list: HTMLElement | null): HTMLElement[] {
  return [...(list?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
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
  const [opening, setOpening] = useState<Opening | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const open = opening !== null;

  useEffect(() => {
    if (opening) itemsOf(listRef.current).at(opening === 'first' ? 0 : -1)?.focus();
  }, [opening]);

  // It drops down leftwards from the button's right edge; from a button near the window's left
  // edge (the first column of a grid of images) it drops rightwards instead, to stay on screen.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (open && list && list.getBoundingClientRect().left < 0) list.dataset.align = 'start';
  }, [open]);

  // A press elsewhere closes it. Not a blur without a new focus: Safari focuses no button it
  // clicks, so pressing the menu button itself would first close the menu, then open it again.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpening(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

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
    const all = itemsOf(listRef.current);
    const at = all.findIndex((item) => item === document.activeElement);
    let next: HTMLElement | undefined;
    switch (event.key) {
      case 'ArrowDown':
        next = all[(at + 1) % all.length];
        break;
      case 'ArrowUp':
        next = all.at(at <= 0 ? -1 : at - 1);
        break;
      case 'Home':
        next = all.at(0);
        break;
      case 'End':
        next = all.at(-1);
        break;
      case 'Escape':
        close(true);
        break;
      default: {
        // Space and Enter are the item's own (a button's click).
        if (event.key.length !== 1 || event.key === ' ' || event.altKey || event.ctrlKey || event.metaKey) return;
        const letter = event.key.toLowerCase();
        const after = [...all.slice(at + 1), ...all.slice(0, at + 1)];
        next = after.find((item) => item.textContent.trim().toLowerCase().startsWith(letter));
      }
    }
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
      <button
        ref={buttonRef}
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
          if (open) close(false);
          else setOpening('first');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) close(false);
          else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            setOpening(event.key === 'ArrowDown' ? 'first' : 'last');
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
      {open && (
        <div
          ref={listRef}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          className={styles.list}
          onKeyDown={moveFocus}
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
                  choose(entry);
                }}
              >
                {entry.label}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
