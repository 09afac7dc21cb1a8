import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { DEFAULT_PROMPT } from '@/features/generate/defaults';
import { ada, generateAndWait, generateButton, openGenerate } from '@/testing/generate-page';
import { db, SIZES } from '@/testing/mocks/db';
import { advance, settle, useFakeTimeouts } from '@/testing/timers';
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
  it("offers the style's sizes by name and pixels, and selects and sends the style's first by default", async () => {
    const { user } = await openGenerate({ user: ada });
    expect(within(sizeGroup()).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'square',
      'portrait',
      'landscape',
    ]);
    expect(size('Square · 512×512')).toBeChecked();
    expect(size('Portrait 2:3 · 512×768')).not.toBeChecked();
    expect(size('Landscape 3:2 · 768×512')).not.toBeChecked();

    expect((await generateAndWait(user)).size).toBe('square');
  });

  it("sends size 'portrait' when Portrait is picked", async () => {
    const { user } = await openGenerate({ user: ada });
    await user.click(size('Portrait 2:3 · 512×768'));
    expect(size('Portrait 2:3 · 512×768')).toBeChecked();
    expect(size('Square · 512×512')).not.toBeChecked();

    expect(await generateAndWait(user)).toMatchObject({ style: 'real-v1.1', size: 'portrait' });
  });

  it("falls back to the new style's first size when the new style does not offer the chosen one", async () => {
    db.catalog = offering(['anime-v1'], ['landscape', 'square']);
    const { user } = await openGenerate({ user: ada });
    await user.click(size('Portrait 2:3 · 512×768'));
    await user.click(screen.getByRole('radio', { name: 'Anime V1' }));

    expect(within(sizeGroup()).getAllByRole('radio')).toHaveLength(2);
    expect(size('Landscape 3:2 · 768×512')).toBeChecked();
    expect(await generateAndWait(user)).toMatchObject({ style: 'anime-v1', size: 'landscape' });
  });

  it('keeps the chosen size when the new style offers it too', async () => {
    const { user } = await openGenerate({ user: ada });
    await user.click(size('Portrait 2:3 · 512×768'));
    await user.click(screen.getByRole('radio', { name: 'Anime V1' }));

    expect(size('Portrait 2:3 · 512×768')).toBeChecked();
    expect(await generateAndWait(user)).toMatchObject({ style: 'anime-v1', size: 'portrait' });
  });

  it('shows no size choice for a style that offers one size only, and sends that size', async () => {
    // As with the legacy backend, which draws each style's first size only.
    db.catalog = offering(db.catalog.styles.map((style) => style.id), ['square']);
    const { user } = await openGenerate({ user: ada });
    expect(screen.queryByRole('group', { name: 'Size' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /512×512/ })).not.toBeInTheDocument();

    expect((await generateAndWait(user)).size).toBe('square');
  });

  it("shows the gateway's refusal of the size under the size choice", async () => {
    const { user } = await openGenerate({ user: ada });
    await user.click(size('Portrait 2:3 · 512×768'));
    // A deploy took Portrait from the style after the page had loaded the catalog.
    db.catalog = offering(['real-v1.1'], ['square', 'landscape']);
    await user.click(generateButton());

    const refusal = await within(sizeGroup()).findByRole('alert');
    const said = 'size "portrait" is not one the Real V1.1 style offers (square, landscape)';
    expect(refusal).toHaveTextContent(said);
    expect(sizeGroup()).toHaveAccessibleDescription(said);
    // Said once, under the field, and not again under the form.
    expect(screen.getAllByRole('alert')).toEqual([refusal]);
    expect(generateButton()).toBeEnabled();
  });

  it('makes a portrait image of 1024×1536 with 2x Inhance, shown upright in the gallery', async () => {
    const { user, router } = await openGenerate({ user: ada, fakeTimers: true });
    await screen.findByTestId('credits');
    useFakeTimeouts();
    await user.click(size('Portrait 2:3 · 512×768'));
    await user.click(generateButton());
    // Through the overlay's timings (generate-run.test.tsx follows them to the millisecond).
    for (let waited = 0; waited < 6000; waited += 500) {
      await settle();
      advance(500);
    }
    vi.useRealTimers();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/Generation');
    });

    const card = await screen.findByRole('article', { name: DEFAULT_PROMPT });
    expect(within(card).getByText(/· 1024×1536$/)).toBeInTheDocument();
    const image = await waitFor(() => {
      const img = within(card).getByRole('img');
      expect(img.tagName).toBe('IMG');
      return img;
    });
    expect(image).toHaveAttribute('width', '1024');
    expect(image).toHaveAttribute('height', '1536');
  });
});
