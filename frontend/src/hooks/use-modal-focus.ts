import { useLayoutEffect, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

// The modals on the page, the top one last: only it keeps the focus, so one opened from another
// (a Premium dialog over the image viewer) does not fight it for the focus.
const open: HTMLElement[] = [];

/**
 * Keyboard focus for a modal while it is mounted: it moves in (to `initial`, else the modal,
 * which needs tabIndex={-1}), Tab and Shift+Tab wrap around inside it, focus that lands behind
 * it is pulled back, and on close it returns to where it was, if that is still on the page, else
 * to the modal under it. A modal opened over another holds the focus until it closes.
 */
export function useModalFocus(modal: RefObject<HTMLElement | null>, initial?: RefObject<HTMLElement | null>) {
  // Layout effect: focus moves before the modal is painted, not a frame (or a timer) later.
  useLayoutEffect(() => {
    const container = modal.current;
    if (!container) return;
    const previous = document.activeElement;
    const focusables = () => [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
    open.push(container);
    (initial?.current ?? container).focus();

    // Arrow functions, not declarations: they keep the null check on `container` above.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || open.at(-1) !== container) return;
      const items = focusables();
      const first = items.at(0);
      const last = items.at(-1);
      const active = document.activeElement;
      const inside = active instanceof Node && container.contains(active);
      let next: HTMLElement | undefined;
      if (!first || !last) next = container;
      else if (event.shiftKey && (!inside || active === first || active === container)) next = last;
      else if (!event.shiftKey && (!inside || active === last)) next = first;
      if (!next) return;
      event.preventDefault();
      next.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (open.at(-1) !== container) return;
      if (event.target instanceof Node && !container.contains(event.target)) {
        (focusables().at(0) ?? container).focus();
      }
    };

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      open.splice(open.indexOf(container), 1);
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
      else open.at(-1)?.focus();
    };
  }, [modal, initial]);
}
