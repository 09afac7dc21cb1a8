import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { formatDateTime } from '@/lib/format';
import { findTile } from '@/testing/gallery';
import { actionIn, openActions } from '@/testing/image-actions';
import { db } from '@/testing/mocks/db';
import { makeGeneration } from '@/testing/mocks/records';
import { renderApp } from '@/testing/render-app';

import { Gallery } from './gallery';

const ada = { email: 'ada@example.com', displayName: 'Ada' };

/** The viewer, open on the image of `prompt`, where its details are. */
async function openDetails(prompt: string) {
  const view = renderApp(
    <Gallery
      newIds={[]}
      onTryAgain={vi.fn()}
      onUseSettings={vi.fn()}
      onMakeFrom={vi.fn()}
      onUpgrade={vi.fn()}
    />,
    { user: ada },
  );
  await view.user.click(within(await findTile(prompt)).getByRole('button', { name: `Generated image: ${prompt}` }));
  const card = await screen.findByRole('dialog', { name: 'Image 1 of 1' });
  return { ...view, card };
}

/** The definition list's terms and their values, in order. */
function detailsIn(card: HTMLElement): [string, string][] {
  return Array.from(card.querySelectorAll('dl > div'), (row) => [
    row.querySelector('dt')?.textContent ?? '',
    row.querySelector('dd')?.textContent ?? '',
  ]);
}

describe('Gallery: an image’s details', () => {
  it('lists every parameter the image has, by the catalog’s names', async () => {
    db.history = [
      makeGeneration({
        prompt: 'A red fox',
        negativePrompt: 'blurry',
        style: 'anime-v1',
        look: 'korean',
        size: 'portrait',
        width: 1024,
        height: 1536,
        cfg: 4.5,
        sampler: 'euler-a',
        steps: 25,
        seed: 98765,
      }),
    ];
    const { card } = await openDetails('A red fox');

    expect(await within(card).findByText('Anime V1', { selector: 'dd' })).toBeVisible();
    expect(detailsIn(card)).toEqual([
      ['Prompt', 'A red fox'],
      ['Negative prompt', 'blurry'],
      ['Style', 'Anime V1'],
      ['Look', 'Korean'],
      ['Size', 'Portrait 2:3 · 1024×1536'],
      ['Guidance (CFG)', '4.5'],
      ['Sampler', 'Euler a'],
      ['Steps', '25'],
      ['Seed', '98765'],
      ['2x Enhance', 'On'],
      ['Created', formatDateTime(Date.UTC(2026, 10, 20, 12, 0, 0))],
    ]);
  });

  it('leaves out what an older image does not record', async () => {
    db.history = [makeGeneration({ prompt: 'An old fox', enhance: false })];
    const { card } = await openDetails('An old fox');

    expect(await within(card).findByText('Real V1.1', { selector: 'dd' })).toBeVisible();
    expect(detailsIn(card).map(([term]) => term)).toEqual([
      'Prompt',
      'Style',
      'Size',
      'Steps',
      'Seed',
      '2x Enhance',
      'Created',
    ]);
    expect(detailsIn(card)).toContainEqual(['Size', '512×512']);
    expect(detailsIn(card)).toContainEqual(['2x Enhance', 'Off']);
  });

  it('says what an image was made from: the mode by the catalog’s name and the source’s id', async () => {
    db.history = [makeGeneration({ prompt: 'A red fox', enhance: false, source: { generation: 'gen-first', mode: 'vary-subtle' } })];
    const { card } = await openDetails('A red fox');

    expect(await within(card).findByText('Vary (subtle) of image gen-first', { selector: 'dd' })).toBeVisible();
    expect(detailsIn(card).map(([term]) => term).slice(-2)).toEqual(['Made from', 'Created']);
  });

  it('copy prompt and copy seed put them on the clipboard and say so', async () => {
    db.history = [makeGeneration({ prompt: 'A red fox', seed: 4242 })];
    const { card, user } = await openDetails('A red fox');

    await user.click(within(card).getByRole('button', { name: 'Copy prompt' }));
    expect(await within(card).findByText('Prompt copied')).toHaveAttribute('role', 'status');
    await expect(navigator.clipboard.readText()).resolves.toBe('A red fox');

    await user.click(within(card).getByRole('button', { name: 'Copy seed' }));
    expect(await within(card).findByText('Seed copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('4242');
  });

  it('says it could not copy when the clipboard refuses', async () => {
    db.history = [makeGeneration({ prompt: 'A red fox' })];
    const { card, user } = await openDetails('A red fox');
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied'));

    await user.click(within(card).getByRole('button', { name: 'Copy prompt' }));
    expect(await within(card).findByText('Could not copy')).toBeInTheDocument();
    expect(write).toHaveBeenCalledWith('A red fox');
    expect(within(card).getByText('Could not copy')).toHaveAttribute('role', 'status');
  });

  it('says Try Again draws with a new seed, and Use these settings keeps it', async () => {
    db.history = [makeGeneration({ prompt: 'A red fox' })];
    const { card, user } = await openDetails('A red fox');
    const menu = await openActions(user, card);

    expect(actionIn(menu, 'Try Again')).toHaveAccessibleDescription(/a new seed/);
    expect(actionIn(menu, 'Use these settings')).toHaveAccessibleDescription(/its seed too/);
  });
});
