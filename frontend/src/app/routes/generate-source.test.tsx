import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { findTile } from '@/testing/gallery';
import { ada, generateAndWait, generateButton, openGenerate, promptBox } from '@/testing/generate-page';
import { actionIn, actionNames, chooseAction, openActions } from '@/testing/image-actions';
import { db, requestsTo } from '@/testing/mocks/db';
import { refuse } from '@/testing/mocks/gateway';
import { http } from '@/testing/mocks/handlers';
import { makeGeneration } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';
import type { Generation, SourceMode } from '@/types/api';

import { routes } from '../router';

/** One of Ada's saved images, a portrait the fake gateway can draw from. */
function savedImage(overrides: Partial<Generation> = {}): Generation {
  const image = makeGeneration({
    prompt: 'A red fox',
    negativePrompt: 'blurry',
    style: 'anime-v1',
    look: 'korean',
    size: 'portrait',
    width: 512,
    height: 768,
    enhance: false,
    cfg: 4.5,
    sampler: 'euler-a',
    steps: 25,
    seed: 77,
    ...overrides,
  });
  db.history.unshift(image);
  return image;
}

/** /generate drawing from `image` in `mode`, as a tile's menu leaves it. */
function openDrawingFrom(image: Generation, mode: SourceMode, options: Parameters<typeof openGenerate>[0] = {}) {
  return openGenerate({ user: ada, state: { params: { prompt: image.prompt }, source: { image, mode } }, ...options });
}

const madeFrom = () => screen.getByRole('group', { name: 'Made from' });
const mode = (name: string) => within(madeFrom()).getByRole('radio', { name });

describe('Gallery tile: making an image from another', () => {
  async function cardOf(generation: Generation, options: Parameters<typeof renderApp>[1] = {}) {
    if (!db.history.includes(generation)) db.history.unshift(generation);
    const view = renderApp(routes, { url: '/generation', state: { newIds: [generation.id] }, ...options });
    const card = await findTile(generation.prompt);
    return { ...view, card };
  }

  it("offers a signed-in user the catalog's modes, upscale marked Premium for a free user", async () => {
    const { card, user } = await cardOf(makeGeneration({ prompt: 'A red fox' }), { user: ada });
    await screen.findByTestId('renderer-note'); // the catalog is here
    const menu = await openActions(user, card);
    await waitFor(() => {
      expect(actionIn(menu, 'Vary (subtle)')).not.toHaveAttribute('aria-disabled');
    });
    expect(actionNames(menu).filter((name) => /^(Vary|Upscale)/.test(name))).toEqual([
      'Vary (subtle)',
      'Vary (strong)',
      'Upscale 2x Pro',
    ]);
  });

  it('offers a pro user upscale too', async () => {
    const { card, user } = await cardOf(makeGeneration({ prompt: 'A red fox' }), { user: ada, plan: 'pro' });
    await screen.findByTestId('renderer-note'); // the catalog is here
    const menu = await openActions(user, card);
    await waitFor(() => {
      expect(actionIn(menu, 'Upscale 2x')).not.toHaveAttribute('aria-disabled');
    });
  });

  it('tells a free user upscaling is Premium, then leads to /subscribe', async () => {
    const { card, user, router } = await cardOf(makeGeneration({ prompt: 'A red fox' }), { user: ada });
    await screen.findByTestId('renderer-note'); // the catalog is here
    await chooseAction(user, card, 'Upscale 2x Pro');
    const dialog = await screen.findByRole('dialog', { name: /is a Premium feature$/ });
    await user.click(within(dialog).getByRole('button', { name: 'See Premium' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/subscribe');
    });
  });

  it('offers none when the catalog lists no modes (the backend cannot draw from an image)', async () => {
    db.catalog = { ...db.catalog, sourceModes: [] };
    const { card, user } = await cardOf(makeGeneration({ prompt: 'A red fox' }), { user: ada });
    await screen.findByTestId('renderer-note'); // the catalog is here
    const menu = await openActions(user, card);
    await waitFor(() => {
      expect(actionIn(menu, 'Favourite')).not.toHaveAttribute('aria-disabled');
    });
    expect(actionNames(menu).filter((name) => /^(Vary|Upscale)/.test(name))).toEqual([]);
  });

  it('offers none to a guest, who has no images to draw from', async () => {
    db.history = [makeGeneration({ prompt: 'A red fox' })];
    renderApp(routes, { url: '/generation' });
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it("opens Generate with 'Vary (subtle)' drawing from the image, its settings filled in and the seed empty", async () => {
    const image = savedImage();
    const { card, user, router } = await cardOf(image, { user: ada });
    await screen.findByTestId('renderer-note'); // the catalog is here
    await chooseAction(user, card, 'Vary (subtle)');

    expect(await screen.findByRole('group', { name: 'Made from' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/generate');
    expect(mode('Vary (subtle)')).toBeChecked();
    expect(promptBox()).toHaveValue('A red fox');
    expect(screen.getByRole('textbox', { name: 'Negative prompt' })).toHaveValue('blurry');
    expect(screen.getByRole('radio', { name: 'Anime V1' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Korean' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('spinbutton', { name: 'Guidance (CFG)' })).toHaveValue(4.5);
    expect(screen.getByRole('combobox', { name: 'Sampler' })).toHaveValue('euler-a');
    expect(screen.getByRole('textbox', { name: 'Steps' })).toHaveValue('25');
    expect(screen.getByRole('textbox', { name: 'Seed' })).toHaveValue('');
  });
});

describe('Generate page: drawing from an image', () => {
  it('shows the image drawn from, loaded with the ID token at its own address, and its size', async () => {
    const image = savedImage();
    await openDrawingFrom(image, 'vary-subtle');

    const thumbnail = await waitFor(() => {
      const img = within(madeFrom()).getByRole('img', { name: 'Source image: A red fox' });
      expect(img.tagName).toBe('IMG');
      return img;
    });
    expect(thumbnail.getAttribute('src')).toMatch(/^blob:/);
    expect(requestsTo('GET', image.imageUrl).map((request) => request.authorization)).toEqual(['Bearer token-for-uid-1']);
    expect(within(madeFrom()).getByTestId('source-size')).toHaveTextContent('512×768, as the source');
  });

  it('hides the size choice and 2x Enhance, and sends the source with no size and enhance false', async () => {
    const image = savedImage();
    const { user } = await openDrawingFrom(image, 'vary-subtle');
    expect(screen.queryByRole('group', { name: 'Size' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: '2x Enhance' })).not.toBeInTheDocument();

    const body = await generateAndWait(user);
    expect(body).toMatchObject({ prompt: 'A red fox', source: { generation: image.id, mode: 'vary-subtle' }, enhance: false });
    expect(body).not.toHaveProperty('size');
    // The fake gateway's new image, as the gateway's: the source's size, drawn from it.
    expect(db.history[0]).toMatchObject({
      source: { generation: image.id, mode: 'vary-subtle' },
      size: 'portrait',
      width: 512,
      height: 768,
      enhance: false,
    });
  });

  it('lets the user switch to Vary (strong)', async () => {
    const image = savedImage();
    const { user } = await openDrawingFrom(image, 'vary-subtle');
    await user.click(mode('Vary (strong)'));
    expect(mode('Vary (subtle)')).not.toBeChecked();

    expect((await generateAndWait(user)).source).toEqual({ generation: image.id, mode: 'vary-strong' });
  });

  it("lets a pro user upscale: the result's size is twice the source's", async () => {
    const image = savedImage();
    const { user } = await openDrawingFrom(image, 'vary-subtle', { plan: 'pro' });
    await user.click(await within(madeFrom()).findByRole('radio', { name: 'Upscale 2x' }));
    expect(within(madeFrom()).getByTestId('source-size')).toHaveTextContent('512×768, upscaled to 1024×1536');

    expect((await generateAndWait(user)).source).toEqual({ generation: image.id, mode: 'upscale' });
    expect(db.history[0]).toMatchObject({ width: 1024, height: 1536, size: null, enhance: false });
  });

  it('does not let a free user pick upscale, and draws a variation in its place', async () => {
    const image = savedImage();
    const { user } = await openDrawingFrom(image, 'upscale');
    await screen.findByTestId('credits');

    expect(within(madeFrom()).queryByRole('radio', { name: /Upscale/ })).not.toBeInTheDocument();
    expect(within(madeFrom()).getByRole('link', { name: 'Upscale 2x Pro' })).toHaveAttribute('href', '/subscribe');
    expect(mode('Vary (subtle)')).toBeChecked();
    expect((await generateAndWait(user)).source).toEqual({ generation: image.id, mode: 'vary-subtle' });
  });

  it("brings back the size choice and 2x Enhance on 'Draw from the prompt instead', and sends no source", async () => {
    const image = savedImage();
    const { user } = await openDrawingFrom(image, 'vary-subtle');
    await user.click(within(madeFrom()).getByRole('button', { name: 'Draw from the prompt instead' }));

    expect(screen.queryByRole('group', { name: 'Made from' })).not.toBeInTheDocument();
    expect(promptBox()).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Size' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '2x Enhance' })).toBeChecked();
    const body = await generateAndWait(user);
    expect(body).toMatchObject({ size: 'square', enhance: true });
    expect(body).not.toHaveProperty('source');
  });

  it('draws from the prompt when the catalog lists no modes', async () => {
    db.catalog = { ...db.catalog, sourceModes: [] };
    const image = savedImage();
    const { user } = await openDrawingFrom(image, 'vary-subtle');

    expect(screen.queryByRole('group', { name: 'Made from' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Size' })).toBeInTheDocument();
    expect(await generateAndWait(user)).not.toHaveProperty('source');
  });

  it('says in the Made-from block when the image is not one of the user’s any more', async () => {
    // Deleted meanwhile: not in the fake gateway's history.
    const image = makeGeneration({ prompt: 'A red fox' });
    const { user } = await openDrawingFrom(image, 'vary-subtle');
    await user.click(generateButton());

    const said = await within(madeFrom()).findByRole('alert');
    expect(said).toHaveTextContent('generation not found');
    expect(within(madeFrom()).getByRole('group', { name: 'Mode' })).toHaveAccessibleDescription('generation not found');
    // Said once, there, and not again by the Generate button.
    expect(screen.getAllByRole('alert')).toEqual([said]);
    expect(generateButton()).toBeEnabled();
  });

  it("says the gateway's refusal to upscale an image past the largest size under the modes", async () => {
    const image = savedImage({ size: null, width: 3072, height: 3072 });
    const { user } = await openDrawingFrom(image, 'upscale', { plan: 'pro' });
    await within(madeFrom()).findByRole('radio', { name: 'Upscale 2x' });
    await user.click(generateButton());

    expect(await within(madeFrom()).findByRole('alert')).toHaveTextContent(
      'this image is 3072x3072: twice that is past the largest we make (4096 pixels a side)',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it("says a refusal of the source's prompt beside Generate, and the Made-from block points to it", async () => {
    server.use(
      http.post('/api/v1/jobs', () =>
        refuse(
          'POST /api/v1/jobs',
          'source',
          'minor',
          ['15 year old'],
          'Lucent never makes sexual or explicit images of anyone under 18, or that suggest it (15 year old)',
        ),
      ),
    );
    const image = savedImage();
    const { user } = await openDrawingFrom(image, 'vary-subtle');
    await user.click(generateButton());

    const refusal = await screen.findByTestId('prompt-refusal');
    expect(generateButton().parentElement).toContainElement(refusal);
    expect(madeFrom()).toHaveAccessibleDescription(/Refused because of: 15 year old\./);
    expect(refusal).toHaveTextContent('Refused because of: 15 year old.');
    expect(refusal).toHaveTextContent('Nothing was charged.');
    expect(promptBox()).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('alert')).toEqual([refusal]);
  });
});
