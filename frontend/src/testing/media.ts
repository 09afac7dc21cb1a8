// jsdom has no layout and no matchMedia. This stand-in evaluates the few queries the app uses
// against a viewport width and a reduced-motion preference that tests set.

interface Viewport {
  width: number;
  reducedMotion: boolean;
}

const initial: Viewport = { width: 1440, reducedMotion: false };
let viewport: Viewport = { ...initial };
const lists = new Set<{ query: string; matches: boolean; notify: () => void }>();

function evaluate(query: string): boolean {
  return query.split(/\s+and\s+/).every((part) => {
    const clause = part.trim().replace(/^\(|\)$/g, '');
    const [feature = '', rawValue = ''] = clause.split(':').map((text) => text.trim());
    const value = Number.parseFloat(rawValue);
    switch (feature) {
      case 'max-width':
        return viewport.width <= value;
      case 'min-width':
        return viewport.width >= value;
      case 'prefers-reduced-motion':
        return rawValue === 'reduce' ? viewport.reducedMotion : !viewport.reducedMotion;
      default:
        return false;
    }
  });
}

function matchMedia(query: string): MediaQueryList {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const entry = {
    query,
    matches: evaluate(query),
    notify() {
      const matches = evaluate(query);
      if (matches === entry.matches) return;
      entry.matches = matches;
      for (const listener of listeners) listener({ matches, media: query } as MediaQueryListEvent);
    },
  };
  const add = (listener: (event: MediaQueryListEvent) => void) => {
    listeners.add(listener);
    lists.add(entry);
  };
  const remove = (listener: (event: MediaQueryListEvent) => void) => {
    listeners.delete(listener);
    if (listeners.size === 0) lists.delete(entry);
  };
  const list = {
    get matches() {
      return evaluate(query);
    },
    media: query,
    onchange: null,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
      add(listener);
    },
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
      remove(listener);
    },
    addListener: add,
    removeListener: remove,
    dispatchEvent: () => true,
  };
  return list as unknown as MediaQueryList;
}

export function installMatchMedia(): void {
  window.matchMedia = matchMedia;
}

/** Changes the simulated viewport and notifies the media query listeners. */
export function setViewport(next: Partial<Viewport>): void {
  viewport = { ...viewport, ...next };
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: viewport.width });
  for (const entry of lists) entry.notify();
}

export function resetViewport(): void {
  viewport = { ...initial };
  lists.clear();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: viewport.width });
}
