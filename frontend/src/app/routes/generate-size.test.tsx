import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { DEFAULT_PROMPT } from '@/features/generate/defaults';
import { ada, generateAndWait, generateButton, openGenerate } from '@/testing/generate-page';
import { SIZES } from '@/testing/mocks/catalog';
import { db } from '@/testing/mocks/db';
import type { Catalog } from '@/types/api';

const sizeGroup = () => screen.getByRole('group', { name: 'Size' });
const size = (name: string) => within(sizeGroup()).getByRole('radio', { name });

/** The fake catalog, with the styles `styleIds` names offering only the sizes `sizeIds` names, in that order. */
function offering(styleIds: readonly string[], sizeIds: readonly string[]): Catalog {
  const sizes = sizeIds.flatMap((id) => SIZES.filter((option) => option.id === id));
  const styles = db.catalog.styles.map((style) => (styleIds.includes(style.id) ? { ...style, sizes } : style));
  return { ...db.catalog, styles };
}

describe('Generate page: the image size', () => {
  it("offers the style's sizes by name and the pixels made (2x Enhance is on), and selects and sends the style's first by default", async () => {
    const { user } = await openGenerate({ user: ada });
    expect(within(sizeGroup()).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'square',
      'portrait',
      'landscape',
    ]);
    expect(size('Square · 1024×1024')).toBeChecked();
    expect(size('Portrait 2:3 · 1024×1536')).not.toBeChecked();
    expect(size('Landscape 3:2 · 1536×1024')).not.toBeChecked();

    expect((await generateAndWait(user)).size).toBe('square');
  });

  it("sends size 'portrait' when Portrait is picked", async () => {
    const { user } = await openGenerate({ user: ada });
    await user.click(size('Portrait 2:3 · 1024×1536'));
    expect(size('Portrait 2:3 · 1024×1536')).toBeChecked();
    expect(size('Square · 1024×1024')).not.toBeChecked();

    expect(await generateAndWait(user)).toMatchObject({ style: 'real-v1.1', size: 'portrait' });
  });

  it("falls back to the new style's first size when the new style does not offer the chosen one", async () => {
    db.catalog = offering(['anime-v1'], ['landscape', 'square']);
    const { user } = await openGenerate({ user: ada });
    await user.click(size('Portrait 2:3 · 1024×1536'));
    await user.click(screen.getByRole('radio', { name: 'Anime V1' }));

    expect(within(sizeGroup()).getAllByRole('radio')).toHaveLength(2);
    expect(size('Landscape 3:2 · 1536×1024')).toBeChecked();
    expect(await generateAndWait(user)).toMatchObject({ style: 'anime-v1', size: 'landscape' });
  });

  it('keeps the chosen size when the new style offers it too', async () => {
    const { user } = await openGenerate({ user: ada });
    await user.click(size('Portrait 2:3 · 1024×1536'));
    await user.click(screen.getByRole('radio', { name: 'Anime V1' }));

    expect(size('Portrait 2:3 · 1024×1536')).toBeChecked();
    expect(await generateAndWait(user)).toMatchObject({ style: 'anime-v1', size: 'portrait' });
  });

  it('shows no size choice for a style that offers one size only, and sends that size', async () => {
    // As with the legacy backend, which draws each style's first size only.
    db.catalog = offering(db.catalog.styles.map((style) => style.id), ['square']);
    const { user } = await openGenerate({ user: ada });
    expect(screen.queryByRole('group', { name: 'Size' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /×/ })).not.toBeInTheDocument();

    expect((await generateAndWait(user)).size).toBe('square');
  });

  it("shows the gateway's refusal of the size under the size choice", async () => {
    const { user } = await openGenerate({ user: ada });
    await user.click(size('Portrait 2:3 · 1024×1536'));
    // A deploy took Portrait from the style after the page had loaded the catalog.
    db.catalog = offering(['real-v1.1'], ['square', 'landscape']);
    await user.click(generateButton());

    const refusal = await within(sizeGroup()).findByRole('alert');
    const said = 'size "portrait" is not one the Real V1.1 style offers (square, landscape)';
    expect(refusal).toHaveTextContent(said);
    // The problem first, then what the size makes.
    expect(sizeGroup()).toHaveAccessibleDescription(
      `${said} 2x Enhance is on: each image is made at 512×768 and enhanced to 1024×1536.`,
    );
    // Said once, under the field, and not again by the Generate button.
    expect(screen.getAllByRole('alert')).toEqual([refusal]);
    expect(generateButton()).toBeEnabled();
  });

  it('says the size made, 512×512 doubled to 1024×1024, while 2x Enhance is on', async () => {
    await openGenerate({ user: ada });
    expect(screen.getByRole('switch', { name: '2x Enhance' })).toBeChecked();
    const said = '2x Enhance is on: each image is made at 512×512 and enhanced to 1024×1024.';
    expect(within(sizeGroup()).getByText(said)).toBeInTheDocument();
    expect(sizeGroup()).toHaveAccessibleDescription(said);
  });

  it('follows the picked size and the 2x Enhance switch: the size shown is always the size made', async () => {
    const { user } = await openGenerate({ user: ada });
    await user.click(size('Portrait 2:3 · 1024×1536'));
    expect(sizeGroup()).toHaveAccessibleDescription(
      '2x Enhance is on: each image is made at 512×768 and enhanced to 1024×1536.',
    );

    await user.click(screen.getByRole('switch', { name: '2x Enhance' }));
    expect(within(sizeGroup()).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Square · 512×512',
      'Portrait 2:3 · 512×768',
      'Landscape 3:2 · 768×512',
    ]);
    expect(size('Portrait 2:3 · 512×768')).toBeChecked();
    expect(sizeGroup()).not.toHaveAccessibleDescription();
    expect(within(sizeGroup()).queryByText(/2x Enhance/)).not.toBeInTheDocument();
    expect(await generateAndWait(user)).toMatchObject({ size: 'portrait', enhance: false });
  });

  it('makes a portrait image of 1024×1536 with 2x Enhance, as the size choice said, shown upright on its card', async () => {
    const { user } = await openGenerate({ user: ada });
    await screen.findByTestId('credits');
    await user.click(size('Portrait 2:3 · 1024×1536'));
    await user.click(generateButton());

    const card = screen.getByRole('article', { name: DEFAULT_PROMPT });
    const image = await waitFor(() => {
      const img = within(card).getByRole('img');
      expect(img.tagName).toBe('IMG');
      return img;
    });
    expect(image).toHaveAttribute('width', '1024');
    expect(image).toHaveAttribute('height', '1536');
  });
});
