import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { browser } from '@/lib/browser';
import { db, makeGeneration, RENDERER_LABEL, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { objectUrls } from '@/testing/object-urls';
import { renderApp } from '@/testing/render-app';
import { readGenerateState } from '@/types/navigation';

import { routes } from '../router';

const ada = { email: 'ada@example.com', displayName: 'Ada' };

function openGallery(options: Parameters<typeof renderApp>[1] & { generations?: ReturnType<typeof makeGeneration>[] }) {
  const { generations = [], ...rest } = options;
  return renderApp(routes, { url: '/Generation', state: { generations }, ...rest });
}

const cards = () => screen.getAllByTestId('generation-card');
const newSection = () => screen.getByRole('region', { name: 'New images' });
const savedSection = () => screen.getByRole('region', { name: 'Your saved images' });

/** The <img> once its object URL is ready (a placeholder with the same name stands in before). */
async function loadedImage(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const image = screen.getByRole('img', { name });
    expect(image.tagName).toBe('IMG');
    return image;
  });
}

describe('Generation page: controls for guests and free users', () => {
  it.each([
    ['a guest', undefined],
    ['a free user', ada],
  ])("sends %s from 'Remove blur', download and delete to /Subscribe", async (_who, user) => {
    const generation = makeGeneration({ prompt: 'A red fox' });
    for (const control of ['Remove blur', 'Download', 'Delete']) {
      const view = openGallery({ user, generations: [generation] });
      const card = await screen.findByRole('article', { name: 'A red fox' });
      // A free user's controls wait for the plan; a guest's work at once.
      await waitFor(() => {
        expect(within(card).getByRole('button', { name: control })).toBeEnabled();
      });
      await view.user.click(within(card).getByRole('button', { name: control }));
      await waitFor(() => {
        expect(view.router.state.location.pathname).toBe('/Subscribe');
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
    expect(await screen.findByText('Log in to see this image')).toBeInTheDocument();
    expect(within(savedSection()).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/Login?redirectTo=%2FGeneration',
    );
    expect(db.requests.filter((request) => request.path.startsWith('/api/v1/generations'))).toHaveLength(0);
  });
});

describe('Generation page: controls for pro users', () => {
  it('downloads the original under the name the gateway gives', async () => {
    const save = vi.spyOn(browser, 'saveFile').mockImplementation(() => undefined);
    const generation = makeGeneration({ id: 'ab12CD34', prompt: 'A red fox', blurred: false });
    const { user } = openGallery({ user: ada, plan: 'pro', generations: [generation] });
    const card = await screen.findByRole('article', { name: 'A red fox' });
    await waitFor(() => {
      expect(within(card).getByRole('button', { name: 'Download' })).toBeEnabled();
    });

    await user.click(within(card).getByRole('button', { name: 'Download' }));

    await waitFor(() => {
      expect(save).toHaveBeenCalledOnce();
    });
    const [blob, filename] = save.mock.calls[0] ?? [];
    expect(filename).toBe('generated_image_ab12CD34.png');
    expect(blob).toMatchObject({ size: 4, type: 'image/png' });
    expect(db.requests.some((request) => request.path === '/api/v1/generations/ab12CD34/image')).toBe(true);
    expect(screen.queryByText('Blurred preview')).not.toBeInTheDocument();
  });

  it('deletes an image after confirmation and removes it from the page', async () => {
    const generation = makeGeneration({ prompt: 'A red fox', blurred: false });
    const keep = makeGeneration({ prompt: 'A grey wolf', blurred: false });
    db.history = [generation, keep];
    const { user, router } = openGallery({ user: ada, plan: 'pro', generations: [keep, generation] });
    const card = await screen.findByRole('article', { name: 'A red fox' });
    await waitFor(() => {
      expect(within(card).getByRole('button', { name: 'Delete' })).toBeEnabled();
    });

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(requestsTo('DELETE', `/api/v1/generations/${generation.id}`)).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Confirm delete' }));

    await waitFor(() => {
      expect(screen.queryByRole('article', { name: 'A red fox' })).not.toBeInTheDocument();
    });
    expect(requestsTo('DELETE', `/api/v1/generations/${generation.id}`)).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'A grey wolf' })).toBeInTheDocument();
    // A reload would not bring the deleted image back.
    expect(readGenerateState(router.state.location.state).generations?.map((item) => item.id)).toEqual([keep.id]);
  });

  it("shows the gateway's message when a delete fails", async () => {
    server.use(
      http.delete('/api/v1/generations/{id}', () =>
        fail('DELETE /api/v1/generations/{id}', 404, 'not_found', 'This image no longer exists'),
      ),
    );
    const { user } = openGallery({ user: ada, plan: 'pro', generations: [makeGeneration({ prompt: 'A red fox' })] });
    const card = await screen.findByRole('article', { name: 'A red fox' });
    await waitFor(() => {
      expect(within(card).getByRole('button', { name: 'Delete' })).toBeEnabled();
    });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(within(card).getByRole('button', { name: 'Confirm delete' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This image no longer exists');
  });

  it("reloads a stale blurred preview sharp with 'Remove blur'", async () => {
    const generation = makeGeneration({ prompt: 'A red fox', blurred: true });
    const { user } = openGallery({ user: ada, plan: 'pro', generations: [generation] });
    const card = await screen.findByRole('article', { name: 'A red fox' });
    await waitFor(() => {
      expect(within(card).getByRole('button', { name: 'Remove blur' })).toBeEnabled();
    });
    await user.click(within(card).getByRole('button', { name: 'Remove blur' }));
    await waitFor(() => {
      expect(requestsTo('GET', generation.imageUrl)).toHaveLength(2);
    });
    expect(within(card).getByRole('button', { name: 'Remove blur' })).toBeDisabled();
    expect(within(card).queryByText('Blurred preview')).not.toBeInTheDocument();
  });
});

describe('Generation page: lists', () => {
  it('shows the new images newest first, then the saved history without repeating them', async () => {
    const older = makeGeneration({ prompt: 'First' });
    const newer = makeGeneration({ prompt: 'Second' });
    const saved = makeGeneration({ prompt: 'Saved yesterday' });
    db.history = [newer, older, saved];
    openGallery({ user: ada, generations: [older, newer] });
    await screen.findByRole('region', { name: 'New images' });

    const fresh = within(newSection()).getAllByRole('article');
    expect(fresh.map((card) => within(card).getByText(/^(First|Second)$/).textContent)).toEqual(['Second', 'First']);
    expect(await within(savedSection()).findByRole('article', { name: 'Saved yesterday' })).toBeInTheDocument();
    expect(within(savedSection()).queryByRole('article', { name: 'First' })).not.toBeInTheDocument();
  });

  it("pages through the history with 'Load more'", async () => {
    db.history = Array.from({ length: 15 }, (_, index) => makeGeneration({ prompt: `Image ${String(index + 1)}` }));
    const { user } = openGallery({ user: ada });
    await screen.findByRole('article', { name: 'Image 12' });
    expect(within(savedSection()).getAllByRole('article')).toHaveLength(12);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(savedSection()).findByRole('article', { name: 'Image 15' })).toBeInTheDocument();
    expect(within(savedSection()).getAllByRole('article')).toHaveLength(15);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requestsTo('GET', '/api/v1/generations')).toHaveLength(2);
  });

  it("goes back to /Generate prefilled with the image's parameters on 'Try Again'", async () => {
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
    const card = await screen.findByRole('article', { name: 'A red fox' });
    await screen.findByTestId('renderer-note'); // the catalog is here
    await user.click(within(card).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('textbox', { name: 'Prompt' })).toHaveValue('A red fox');
    expect(router.state.location.pathname).toBe('/Generate');
    expect(readGenerateState(router.state.location.state).params).toEqual({
      prompt: 'A red fox',
      negativePrompt: 'text',
      style: 'anime-v1',
      size: 'square',
      look: 'korean',
      seed: '77',
      steps: '25',
      enhance: false,
    });
  });

  it("carries the size a portrait image was made at to the form on 'Try Again'", async () => {
    // 512×768 doubled by 2x Inhance: the image names no size, its pixels say which it was.
    const generation = makeGeneration({ prompt: 'A red fox', style: 'anime-v1', enhance: true, width: 1024, height: 1536 });
    const { user, router } = openGallery({ user: ada, generations: [generation] });
    const card = await screen.findByRole('article', { name: 'A red fox' });
    await screen.findByTestId('renderer-note'); // the catalog is here
    await user.click(within(card).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('radio', { name: 'Portrait 2:3 · 512×768' })).toBeChecked();
    expect(readGenerateState(router.state.location.state).params).toMatchObject({ style: 'anime-v1', size: 'portrait' });
  });

  it("leaves the size to the style's first on 'Try Again' when the style offers none of the image's pixels", async () => {
    const generation = makeGeneration({ prompt: 'A red fox', enhance: false, width: 640, height: 960 });
    const { user, router } = openGallery({ user: ada, generations: [generation] });
    const card = await screen.findByRole('article', { name: 'A red fox' });
    await screen.findByTestId('renderer-note'); // the catalog is here
    await user.click(within(card).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('radio', { name: 'Square · 512×512' })).toBeChecked();
    expect(readGenerateState(router.state.location.state).params).not.toHaveProperty('size');
  });

  it("carries the size, guidance scale and sampler the image records to the form on 'Try Again'", async () => {
    // The size it names wins over what its pixels would say (512×512 with 2x Inhance off: Square).
    const generation = makeGeneration({
      prompt: 'A red fox',
      enhance: false,
      size: 'landscape',
      cfg: 4.5,
      sampler: 'euler-a',
    });
    const { user, router } = openGallery({ user: ada, generations: [generation] });
    const card = await screen.findByRole('article', { name: 'A red fox' });
    await user.click(within(card).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('radio', { name: 'Landscape 3:2 · 768×512' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Guidance (CFG)' })).toHaveValue(4.5);
    expect(screen.getByRole('combobox', { name: 'Sampler' })).toHaveValue('euler-a');
    expect(readGenerateState(router.state.location.state).params).toMatchObject({
      size: 'landscape',
      cfg: 4.5,
      sampler: 'euler-a',
    });
  });

  it("leaves guidance and sampler to the style's and the first on 'Try Again' for an image from before them", async () => {
    const generation = makeGeneration({ prompt: 'A red fox', style: 'anime-v1' });
    const { user, router } = openGallery({ user: ada, generations: [generation] });
    const card = await screen.findByRole('article', { name: 'A red fox' });
    await user.click(within(card).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('spinbutton', { name: 'Guidance (CFG)' })).toHaveValue(7);
    expect(screen.getByRole('combobox', { name: 'Sampler' })).toHaveValue('dpmpp-2m');
    const params = readGenerateState(router.state.location.state).params;
    expect(params).not.toHaveProperty('cfg');
    expect(params).not.toHaveProperty('sampler');
  });

  it('goes back to /Generate keeping the list', async () => {
    const generation = makeGeneration({ prompt: 'A red fox' });
    const { user, router } = openGallery({ user: ada, generations: [generation] });
    const card = await screen.findByRole('article', { name: 'A red fox' });
    await user.click(within(card).getByRole('button', { name: 'Back' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/Generate');
    });
    expect(readGenerateState(router.state.location.state).generations?.map((item) => item.id)).toEqual([generation.id]);
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

  it('invites a visitor with nothing new to generate', async () => {
    openGallery({ user: ada });
    await screen.findByRole('region', { name: 'New images' });
    expect(within(newSection()).getByRole('link', { name: 'Generate an image' })).toHaveAttribute(
      'href',
      '/Generate',
    );
    expect(await within(savedSection()).findByText('No saved images yet.')).toBeInTheDocument();
  });
});

describe('Generation page: cards', () => {
  it('frames a portrait image upright at its own size, not cropped to a square', async () => {
    openGallery({ user: ada, generations: [makeGeneration({ prompt: 'A red fox', width: 1024, height: 1536 })] });
    const image = await loadedImage('Generated image: A red fox');
    expect(image).toHaveAttribute('width', '1024');
    expect(image).toHaveAttribute('height', '1536');
    expect(image.parentElement).toHaveStyle({ aspectRatio: '1024 / 1536' });
    expect(screen.getByRole('article', { name: 'A red fox' })).toHaveTextContent('1024×1536');
  });


  it('says the guidance scale, sampler and size an image records, by name', async () => {
    const generation = makeGeneration({
      prompt: 'A red fox',
      size: 'portrait',
      width: 1024,
      height: 1536,
      cfg: 4.5,
      sampler: 'euler-a',
    });
    openGallery({ user: ada, generations: [generation] });
    const card = await screen.findByRole('article', { name: 'A red fox' });
    await screen.findByTestId('renderer-note'); // the catalog is here
    expect(
      within(card).getByText('Real V1.1 · seed 1234 · 30 steps · CFG 4.5 · sampler Euler a · Portrait 2:3 · 1024×1536'),
    ).toBeInTheDocument();
  });

  it('says none of them for an image from before they were recorded', async () => {
    openGallery({ user: ada, generations: [makeGeneration({ prompt: 'A red fox' })] });
    const card = await screen.findByRole('article', { name: 'A red fox' });
    await screen.findByTestId('renderer-note'); // the catalog is here
    expect(within(card).getByText('Real V1.1 · seed 1234 · 30 steps · 512×512')).toBeInTheDocument();
  });

  it('has alt text and labelled controls on every card', async () => {
    openGallery({ user: ada, generations: [makeGeneration({ prompt: 'A red fox' }), makeGeneration({ prompt: 'A cat' })] });
    await screen.findByRole('article', { name: 'A cat' });
    for (const card of cards()) {
      expect(within(card).getByRole('img')).toHaveAccessibleName(/^Generated image: /);
      const group = within(card).getByRole('group', { name: 'Image actions' });
      expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual([
        'Back',
        '☆ Favourite',
        'Try Again',
        'Remove blur',
        'Download',
        'Delete',
      ]);
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

    const card = await screen.findByRole('article', { name: generation.prompt });
    expect(newSection()).toContainElement(card);
    expect(await within(card).findByText('Verify your age to see this image')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Verify your age' }));

    await waitFor(() => {
      expect(assign).toHaveBeenCalledOnce();
    });
    expect(requestsTo('POST', '/api/v1/me/age-check').map((request) => request.body)).toEqual([
      { returnTo: '/Generation' },
    ]);
    expect(requestsTo('GET', `/api/v1/generations/${generation.id}/image`)).toHaveLength(0);
  });
});
