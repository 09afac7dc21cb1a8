import { screen, waitFor } from '@testing-library/react';

// The gallery's grid: each image a tile (its image, its marks, its 'Actions' menu), named by the
// image, since the prompt is no longer written under it.

const PREFIX = 'Generated image: ';

function tileOfImage(image: HTMLElement): HTMLElement | null {
  return image.closest<HTMLElement>('[data-testid="generation-card"]');
}

/** The tile of the image drawn from `prompt` (the first of them, where a job drew several), once it is shown. */
export function findTile(prompt: string): Promise<HTMLElement> {
  return waitFor(() => {
    const tile = screen
      .getAllByRole('img', { name: `${PREFIX}${prompt}` })
      .map(tileOfImage)
      .find((found) => found !== null);
    if (!tile) throw new Error(`No tile shows '${prompt}'`);
    return tile;
  });
}

/** The tile of image `id`, once it is shown (an explicit image behind the age check shows no image to find it by). */
export function findTileById(id: string): Promise<HTMLElement> {
  return waitFor(() => {
    const tile = screen.getAllByTestId('generation-card').find((found) => found.dataset.generationId === id);
    if (!tile) throw new Error(`No tile of image ${id}`);
    return tile;
  });
}

/** The prompts of the images the grid shows, in order (null for a locked one). */
export function shownPrompts(): (string | null)[] {
  return screen.queryAllByTestId('generation-card').map((tile) => {
    const image = tile.querySelector('img, [role="img"]');
    const name = image?.getAttribute('alt') ?? image?.getAttribute('aria-label') ?? null;
    return name?.startsWith(PREFIX) ? name.slice(PREFIX.length) : null;
  });
}
