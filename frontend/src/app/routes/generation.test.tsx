import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { HISTORY_PAGE_SIZE } from '@/features/gallery/api/generations';
import { browser } from '@/lib/browser';
import { findTile, findTileById, shownPrompts } from '@/testing/gallery';
import { actionIn, actionNames, chooseAction, isFavourite, openActions } from '@/testing/image-actions';
import { RENDERER_LABEL } from '@/testing/mocks/catalog';
import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeGeneration } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { objectUrls } from '@/testing/object-urls';
import { renderApp } from '@/testing/render-app';

import { routes } from '../router';

const ada = { email: 'ada@example.com', displayName: 'Ada' };

/** /generation after `generations` were made on this visit: the gateway holds them, newest first. */
function openGallery(options: Parameters<typeof renderApp>[1] & { generations?: ReturnType<typeof makeGeneration>[] }) {
  const { generations = [], ...rest } = options;
  db.history = [...[...generations].reverse(), ...db.history.filter((item) => !generations.includes(item))];
  return renderApp(routes, { url: '/generation', state: { newIds: generations.map((item) => item.id) }, ...rest });
}

const cards = () => screen.getAllByTestId('generation-card');
const imagesSection = () => screen.findByRole('region', { name: 'Your images' });

/** The <img> once its object URL is ready (a placeholder with the same name stands in before). */
async function loadedImage(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const image = screen.getByRole('img', { name });
    expect(image.tagName).toBe('IMG');
    return image;
  });
}

describe('Generation page: guests and free users', () => {
  // A guest has no images to show (they are made signed in).
  it("tells a free user what Premium adds when they press 'Remove blur' or download, and leads to /subscribe", async () => {
    db.catalog.plans = { freeDaily: 10, proMonthly: 1000 };
    const generation = makeGeneration({ prompt: 'A red fox' });
    for (const control of ['Remove blur', 'Download']) {
      const view = openGallery({ user: ada, generations: [generation] });
      const card = await findTile('A red fox');
      await chooseAction(view.user, card, control);
      const dialog = await screen.findByRole('dialog', { name: `${control} is a Premium feature` });
      expect(dialog).toHaveAccessibleDescription(
        'Premium shows your images sharp, lets you download them and make variations, and gives 1,000 credits per month.',
      );
      await view.user.click(within(dialog).getByRole('button', { name: 'Not now' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(view.router.state.location.pathname).toBe('/generation');
      expect(within(card).getByRole('button', { name: 'Actions' })).toHaveFocus();

      await chooseAction(view.user, card, control);
      await view.user.click(await screen.findByRole('button', { name: 'See Premium' }));
      await waitFor(() => {
        expect(view.router.state.location.pathname).toBe('/subscribe');
      });
      view.unmount();
    }
    expect(requestsTo('DELETE', '/api/v1/generations/gen-1')).toHaveLength(0);
    expect(db.requests.some((request) => request.path.endsWith('/image') && request.authorization === null)).toBe(false);
  });

  it('shows a free user the blurred preview loaded with the ID token', async () => {
    const generation = makeGeneration({ prompt: 'A red fox', blurred: true });
    openGallery({ user: ada, generations: [generation] });
    const image = await loadedImage('Generated image: A red fox');
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByText('Blurred preview')).toBeInTheDocument();
    const imageRequest = requestsTo('GET', generation.imageUrl)[0];
    expect(imageRequest?.authorization).toBe('Bearer token-for-uid-1');
  });

  it('does not fetch images for a guest and asks them to log in', async () => {
    openGallery({ generations: [makeGeneration({ prompt: 'A red fox' })] });
    expect(await within(await imagesSection()).findByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fgeneration',
    );
    expect(db.requests.filter((request) => request.path.startsWith('/api/v1/generations'))).toHaveLength(0);
  });
});

describe('Generation page: controls for pro users', () => {
  it('downloads the original under the name the gateway gives', async () => {
    const save = vi.spyOn(browser, 'saveFile').mockImplementation(() => undefined);
    const generation = makeGeneration({ id: 'ab12CD34', prompt: 'A red fox', blurred: false });
    const { user } = openGallery({ user: ada, plan: 'pro', generations: [generation] });
    const card = await findTile('A red fox');
    await chooseAction(user, card, 'Download');

    await waitFor(() => {
      expect(save).toHaveBeenCalledOnce();
    });
    const [blob, filename] = save.mock.calls[0] ?? [];
    expect(filename).toBe('generated_image_ab12CD34.png');
    expect(blob).toMatchObject({ size: 4, type: 'image/png' });
    expect(db.requests.some((request) => request.path === '/api/v1/generations/ab12CD34/image')).toBe(true);
    expect(screen.queryByText('Blurred preview')).not.toBeInTheDocument();
  });

  it.each(['free', 'pro'] as const)('deletes an image after confirmation and removes it from the page (%s)', async (plan) => {
    const generation = makeGeneration({ prompt: 'A red fox', blurred: plan === 'free' });
    const keep = makeGeneration({ prompt: 'A grey wolf', blurred: plan === 'free' });
    db.history = [generation, keep];
    const { user } = openGallery({ user: ada, plan, generations: [keep, generation] });
    const card = await findTile('A red fox');
    await chooseAction(user, card, 'Delete…');
    const dialog = await screen.findByRole('dialog', { name: 'Delete this image?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(requestsTo('DELETE', `/api/v1/generations/${generation.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => {
      expect(shownPrompts()).toEqual(['A grey wolf']);
    });
    expect(requestsTo('DELETE', `/api/v1/generations/${generation.id}`)).toHaveLength(1);
    // The history asked again after the delete does not bring it back.
    await waitFor(() => {
      expect(requestsTo('GET', '/api/v1/generations')).toHaveLength(2);
    });
    expect(shownPrompts()).toEqual(['A grey wolf']);
  });

  it("shows the gateway's message when a delete fails", async () => {
    server.use(
      http.delete('/api/v1/generations/{id}', () =>
        fail('DELETE /api/v1/generations/{id}', 404, 'not_found', 'This image no longer exists'),
      ),
    );
    const { user } = openGallery({ user: ada, plan: 'pro', generations: [makeGeneration({ prompt: 'A red fox' })] });
    const card = await findTile('A red fox');
    await chooseAction(user, card, 'Delete…');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This image no longer exists');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("reloads a stale blurred preview sharp with 'Remove blur'", async () => {
    const generation = makeGeneration({ prompt: 'A red fox', blurred: true });
    const { user } = openGallery({ user: ada, plan: 'pro', generations: [generation] });
    const card = await findTile('A red fox');
    await chooseAction(user, card, 'Remove blur');
    await waitFor(() => {
      expect(requestsTo('GET', generation.imageUrl)).toHaveLength(2);
    });
    expect(within(card).queryByText('Blurred preview')).not.toBeInTheDocument();
    const removeBlur = actionIn(await openActions(user, card), 'Remove blur');
    expect(removeBlur).toHaveAttribute('aria-disabled', 'true');
    expect(removeBlur).toHaveAccessibleDescription('This image is already sharp');
  });
});

describe('Generation page: lists', () => {
  it("lists the gateway's history newest first, this visit's images marked new, each once", async () => {
    const saved = makeGeneration({ prompt: 'Saved yesterday' });
    db.history = [saved];
    const older = makeGeneration({ prompt: 'First' });
    const newer = makeGeneration({ prompt: 'Second' });
    openGallery({ user: ada, generations: [older, newer] });
    await findTile('Saved yesterday');

    expect(shownPrompts()).toEqual(['Second', 'First', 'Saved yesterday']);
    expect(cards().map((card) => within(card).queryByText('New') !== null)).toEqual([true, true, false]);
    expect(screen.queryByText('No saved images yet.')).not.toBeInTheDocument();
  });

  it("shows a new image's favourite as the gateway holds it, not as it was made", async () => {
    const made = makeGeneration({ prompt: 'A red fox' });
    const { user } = openGallery({ user: ada, generations: [made] });
    // Marked since it was made (before a reload, or in another tab).
    made.favorite = true;
    const card = await findTile('A red fox');
    expect(await isFavourite(user, card)).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Favourites only' }));
    await waitFor(() => {
      expect(requestsTo('GET', '/api/v1/generations').at(-1)?.search).toBe('?limit=24&favorite=true');
    });
    expect(await findTile('A red fox')).toBeInTheDocument();
  });

  it('moves the focus to the newest image once it is shown', async () => {
    openGallery({ user: ada, generations: [makeGeneration({ prompt: 'First' }), makeGeneration({ prompt: 'Second' })] });
    const newest = await findTile('Second');
    await waitFor(() => {
      expect(newest).toHaveFocus();
    });
  });

  it("pages through the history with 'Load more'", async () => {
    const total = HISTORY_PAGE_SIZE + 3;
    db.history = Array.from({ length: total }, (_, index) => makeGeneration({ prompt: `Image ${String(index + 1)}` }));
    const { user } = openGallery({ user: ada });
    await findTile(`Image ${String(HISTORY_PAGE_SIZE)}`);
    expect(cards()).toHaveLength(HISTORY_PAGE_SIZE);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await findTile(`Image ${String(total)}`)).toBeInTheDocument();
    expect(cards()).toHaveLength(total);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requestsTo('GET', '/api/v1/generations')).toHaveLength(2);
  });

  it("fills the form with every setting of the image, its seed too, on 'Use these settings', and sends nothing yet", async () => {
    const generation = makeGeneration({
      prompt: 'A red fox',
      negativePrompt: 'text',
      style: 'anime-v1',
      look: 'korean',
      seed: 77,
      steps: 25,
      enhance: false,
    });
    const { user, router } = openGallery({ user: ada, generations: [generation] });
    const card = await findTile('A red fox');
    await screen.findByTestId('renderer-note'); // the catalog is here
    await chooseAction(user, card, 'Use these settings');

    expect(await screen.findByRole('textbox', { name: 'Prompt' })).toHaveValue('A red fox');
    expect(router.state.location.pathname).toBe('/generate');
    expect(screen.getByRole('textbox', { name: 'Negative prompt' })).toHaveValue('text');
    expect(screen.getByRole('radio', { name: 'Anime V1' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Square · 512×512' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Korean' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Seed' })).toHaveValue('77');
    expect(screen.getByRole('textbox', { name: 'Steps' })).toHaveValue('25');
    expect(screen.getByRole('switch', { name: '2x Enhance' })).not.toBeChecked();
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
  });

  it("draws a new image at once with the same settings and a new seed on 'Try Again'", async () => {
    const generation = makeGeneration({
      prompt: 'A red fox',
      negativePrompt: 'text',
      style: 'anime-v1',
      look: 'korean',
      size: 'portrait',
      width: 512,
      height: 768,
      seed: 77,
      steps: 25,
      enhance: false,
      cfg: 4.5,
      sampler: 'euler-a',
    });
    const { user } = openGallery({ user: ada, generations: [generation] });
    const card = await findTile('A red fox');
    await screen.findByTestId('renderer-note'); // the catalog is here
    await chooseAction(user, card, 'Try Again');

    await waitFor(() => {
      expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(1);
    });
    expect(requestsTo('POST', '/api/v1/jobs')[0]?.body).toEqual({
      prompt: 'A red fox',
      negativePrompt: 'text',
      style: 'anime-v1',
      size: 'portrait',
      look: 'korean',
      count: 1,
      // Empty: the gateway draws a random seed, so the image differs.
      seed: '',
      steps: '25',
      enhance: false,
      cfg: 4.5,
      sampler: 'euler-a',
    });
    expect(screen.getByRole('textbox', { name: 'Seed' })).toHaveValue('');
  });

  it("carries the size a portrait image was made at to the form", async () => {
    // 512×768 doubled by 2x Enhance: the image names no size, its pixels say which it was.
    const generation = makeGeneration({ prompt: 'A red fox', style: 'anime-v1', enhance: true, width: 1024, height: 1536 });
    const { user } = openGallery({ user: ada, generations: [generation] });
    const card = await findTile('A red fox');
    await screen.findByTestId('renderer-note'); // the catalog is here
    await chooseAction(user, card, 'Use these settings');

    // With 2x Enhance, as it was made: the size shown is the image's own.
    expect(await screen.findByRole('radio', { name: 'Portrait 2:3 · 1024×1536' })).toBeChecked();
    expect(screen.getByRole('switch', { name: '2x Enhance' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Anime V1' })).toBeChecked();
  });

  it("leaves the size to the style's first when the style offers none of the image's pixels", async () => {
    const generation = makeGeneration({ prompt: 'A red fox', enhance: false, width: 640, height: 960 });
    const { user } = openGallery({ user: ada, generations: [generation] });
    const card = await findTile('A red fox');
    await screen.findByTestId('renderer-note'); // the catalog is here
    await chooseAction(user, card, 'Use these settings');

    expect(await screen.findByRole('radio', { name: 'Square · 512×512' })).toBeChecked();
  });

  it('carries the size, guidance scale and sampler the image records to the form', async () => {
    // The size it names wins over what its pixels would say (512×512 with 2x Enhance off: Square).
    const generation = makeGeneration({
      prompt: 'A red fox',
      enhance: false,
      size: 'landscape',
      cfg: 4.5,
      sampler: 'euler-a',
    });
    const { user } = openGallery({ user: ada, generations: [generation] });
    const card = await findTile('A red fox');
    await chooseAction(user, card, 'Use these settings');

    expect(await screen.findByRole('radio', { name: 'Landscape 3:2 · 768×512' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Guidance (CFG)' })).toHaveValue(4.5);
    expect(screen.getByRole('combobox', { name: 'Sampler' })).toHaveValue('euler-a');
  });

  it("leaves guidance and sampler to the style's and the first for an image from before them", async () => {
    const generation = makeGeneration({ prompt: 'A red fox', style: 'anime-v1' });
    const { user } = openGallery({ user: ada, generations: [generation] });
    const card = await findTile('A red fox');
    await chooseAction(user, card, 'Use these settings');

    expect(await screen.findByRole('spinbutton', { name: 'Guidance (CFG)' })).toHaveValue(7);
    expect(screen.getByRole('combobox', { name: 'Sampler' })).toHaveValue('dpmpp-2m');
  });

  it('revokes the object URLs of the images when they leave the page', async () => {
    openGallery({ user: ada, generations: [makeGeneration({ prompt: 'A red fox' })] });
    await loadedImage('Generated image: A red fox');
    expect(objectUrls.live()).toHaveLength(1);

    // Leave the page through the nav.
    screen.getByRole('link', { name: 'Pricing' }).click();
    await screen.findByRole('heading', { level: 1, name: 'Premium' });
    expect(objectUrls.live()).toHaveLength(0);
  });

  it('shows the local renderer note', async () => {
    openGallery({ user: ada, generations: [makeGeneration()] });
    expect(await screen.findByTestId('renderer-note')).toHaveTextContent(RENDERER_LABEL);
  });

  it('invites a user with no images to generate', async () => {
    openGallery({ user: ada });
    const section = await imagesSection();
    expect(await within(section).findByText(/No saved images yet\./)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Generate an image' })).toHaveAttribute(
      'href',
      '/generate',
    );
  });
});

describe('Generation page: tiles', () => {
  it('shows a portrait image whole in its square tile, at its own pixels', async () => {
    openGallery({ user: ada, generations: [makeGeneration({ prompt: 'A red fox', width: 1024, height: 1536 })] });
    const image = await loadedImage('Generated image: A red fox');
    expect(image).toHaveAttribute('width', '1024');
    expect(image).toHaveAttribute('height', '1536');
    expect(image.parentElement).toHaveStyle({ aspectRatio: '1 / 1' });
  });

  it('shows each image as a button that opens it, with one labelled Actions menu holding every control', async () => {
    const { user } = openGallery({
      user: ada,
      generations: [makeGeneration({ prompt: 'A red fox' }), makeGeneration({ prompt: 'A cat' })],
    });
    await screen.findByTestId('renderer-note'); // the catalog is here
    for (const prompt of ['A cat', 'A red fox']) {
      const card = await findTile(prompt);
      // The prompt is not written under the image: it names it.
      expect(card).not.toHaveTextContent(prompt);
      expect(within(card).getByRole('img')).toHaveAccessibleName(`Generated image: ${prompt}`);
      const open = within(card).getByRole('button', { name: `Generated image: ${prompt}` });
      expect(open).toHaveAttribute('aria-haspopup', 'dialog');
      expect(open).toHaveAccessibleDescription('Blurred preview');
      const actions = within(card).getByRole('button', { name: 'Actions' });
      expect(actions).toHaveAccessibleDescription(`Generated image: ${prompt}`);
      expect(actions).toHaveAttribute('aria-haspopup', 'menu');
      expect(within(card).getAllByRole('button')).toHaveLength(2);
      const menu = await openActions(user, card);
      expect(menu).toHaveAccessibleName('Actions');
      expect(actionNames(menu)).toEqual([
        '☆ Favourite',
        'Try Again',
        'Use these settings',
        'Vary (subtle)',
        'Vary (strong)',
        'Upscale 2x Pro',
        'Remove blur',
        'Download',
        'Delete…',
      ]);
      await user.keyboard('{Escape}');
    }
  });
});

describe('Generation page: a new explicit image and the age check', () => {
  it('stands a placeholder in for it while the age is not verified, whose button comes back here', async () => {
    // Made while verified; staff reset the check since.
    db.ageCheck = { status: 'unverified', checkedAt: Date.now(), required: true };
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const generation = makeGeneration({ prompt: 'A nude study in charcoal', explicit: true });
    const { user } = openGallery({ user: ada, generations: [generation] });

    const card = await findTileById(generation.id);
    expect(within(card).getByText('New')).toBeInTheDocument();
    expect(await within(card).findByText('Verify your age to see this image')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Verify your age' }));

    await waitFor(() => {
      expect(assign).toHaveBeenCalledOnce();
    });
    expect(requestsTo('POST', '/api/v1/me/age-check').map((request) => request.body)).toEqual([
      { returnTo: '/generation' },
    ]);
    expect(requestsTo('GET', `/api/v1/generations/${generation.id}/image`)).toHaveLength(0);
  });
});
