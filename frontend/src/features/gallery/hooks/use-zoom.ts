import { useState } from 'react';

/** How large the viewer draws an image: fitted to the room it has, or at 100 % or 200 % of its pixels. */
export type Zoom = 'fit' | 1 | 2;

const LEVELS: readonly Zoom[] = ['fit', 1, 2];

export function zoomLabel(zoom: Zoom): string {
  return zoom === 'fit' ? 'Fit' : `${String(zoom * 100)}%`;
}

/** The viewer's zoom, a step at a time; each image starts fitted. */
export function useZoom(imageId: string) {
  const [chosen, setChosen] = useState<{ id: string; zoom: Zoom }>({ id: imageId, zoom: 'fit' });
  const zoom = chosen.id === imageId ? chosen.zoom : 'fit';
  const set = (next: Zoom) => {
    setChosen({ id: imageId, zoom: next });
  };
  const step = (by: 1 | -1) => {
    const at = Math.min(Math.max(LEVELS.indexOf(zoom) + by, 0), LEVELS.length - 1);
    set(LEVELS[at] ?? zoom);
  };
  return {
    zoom,
    set,
    zoomIn: () => {
      step(1);
    },
    zoomOut: () => {
      step(-1);
    },
  };
}
