import { useLayoutEffect, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * Keyboard focus for a modal while it is mounted: it moves in (to `initial`, else the modal,
 * which needs tabIndex={-1}), Tab and Shift+Tab wrap around inside it, focus that lands behind
 * it is pulled back, and on close it returns to where it was, if that is still on the page.
 */
export function useModalFocus(modal: RefObject<HTMLElement | null>, initial?: RefObject<HTMLElement | null>) {
  // Layout effect: focus moves before the modal is painted, not a frame (or a timer) later.
  useLayoutEffect(() => {
    const container = modal.current;
    if (!container) return;
    const previous = document.activeElement;
    const focusables = () => [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
    (initial?.current ?? container).focus();

    // Arrow functions, not declarations: they keep the null check on `container` above.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
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
      if (event.target instanceof Node && !container.contains(event.target)) {
        (focusables().at(0) ?? container).focus();
      }
    };

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, [modal, initial]);
}
