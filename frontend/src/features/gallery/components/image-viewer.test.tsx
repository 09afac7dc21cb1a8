import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { findTile } from '@/testing/gallery';
import { actionIn, actionNames, chooseAction, openActions } from '@/testing/image-actions';
import { setViewport } from '@/testing/media';
import { db, requestsTo } from '@/testing/mocks/db';
import { makeGeneration } from '@/testing/mocks/records';
import { renderApp } from '@/testing/render-app';
import type { Generation } from '@/types/api';

import { HISTORY_PAGE_SIZE } from '../api/generations';

import { Gallery } from './gallery';

const ada = { email: 'ada@example.com', displayName: 'Ada' };

/** The gallery (at any path, so the address can carry the viewer) over `history`, newest first. */
function openGallery(history: Generation[], options: Parameters<typeof renderApp>[1] = {}) {
  db.history = history;
  const onUpgrade = vi.fn();
  const view = renderApp(
    <Gallery newIds={[]} onTryAgain={vi.fn()} onUseSettings={vi.fn()} onMakeFrom={vi.fn()} onUpgrade={onUpgrade} />,
    { user: ada, url: '/generation', ...options },
  );
  return { ...view, onUpgrade };
}

const foxes = () => [
  makeGeneration({ prompt: 'A red fox' }),
  makeGeneration({ prompt: 'A grey wolf' }),
  makeGeneration({ prompt: 'A brown bear' }),
];

/** The button that is the image `prompt` on its tile. */
async function imageButton(prompt: string): Promise<HTMLElement> {
  return within(await findTile(prompt)).getByRole('button', { name: `Generated image: ${prompt}` });
}

/** The viewer, open on image `position` of `total`, once its <img> is loaded. */
async function viewerAt(position: number, total: number, prompt: string): Promise<HTMLElement> {
  const viewer = await screen.findByRole('dialog', { name: `Image ${String(position)} of ${String(total)}` });
  await waitFor(() => {
    expect(within(viewer).getByRole('img', { name: `Generated image: ${prompt}` }).tagName).toBe('IMG');
  });
  return viewer;
}

const stage = (viewer: HTMLElement) => within(viewer).getByTestId('viewer-stage');

describe('Image viewer: opening and closing', () => {
  it('opens the image clicked, large, with its details and a name and description of its own', async () => {
    const { user, router } = openGallery(foxes());
    await user.click(await imageButton('A grey wolf'));

    const viewer = await viewerAt(2, 3, 'A grey wolf');
    expect(viewer).toHaveAttribute('aria-modal', 'true');
    expect(viewer).toHaveAccessibleDescription('A grey wolf');
    expect(viewer).toHaveFocus();
    expect(within(viewer).getByText('Seed', { selector: 'dt' })).toBeVisible();
    expect(router.state.location.search).toBe('?view=gen-2');
    expect(within(viewer).getByRole('button', { name: 'Actions' })).toBeInTheDocument();
  });

  it('opens with Enter on the image, and Escape closes it and gives the focus back to that image', async () => {
    const { user, router } = openGallery(foxes());
    const wolf = await imageButton('A grey wolf');
    wolf.focus();
    await user.keyboard('{Enter}');
    await viewerAt(2, 3, 'A grey wolf');

    await user.keyboard('{ArrowRight}');
    await viewerAt(3, 3, 'A brown bear');
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(wolf).toHaveFocus();
    expect(router.state.location.search).toBe('');
  });

  it('keeps the focus inside while open: Tab and Shift+Tab go round its controls', async () => {
    const { user } = openGallery(foxes());
    await user.click(await imageButton('A red fox'));
    const viewer = await viewerAt(1, 3, 'A red fox');

    const seen = new Set<Element | null>();
    for (let press = 0; press < 20; press++) {
      await user.tab();
      expect(viewer).toContainElement(document.activeElement as HTMLElement);
      seen.add(document.activeElement);
    }
    expect(seen).toContain(within(viewer).getByRole('button', { name: 'Close' }));
    expect(seen).toContain(within(viewer).getByRole('button', { name: 'Zoom in' }));
    await user.tab({ shift: true });
    expect(viewer).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes with its Close button', async () => {
    const { user } = openGallery(foxes());
    const fox = await imageButton('A red fox');
    await user.click(fox);
    const viewer = await viewerAt(1, 3, 'A red fox');
    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(fox).toHaveFocus();
  });
});

describe('Image viewer: moving through the history', () => {
  it('goes through the images with Left and Right, and the buttons, stopping at either end', async () => {
    const { user, router } = openGallery(foxes());
    await user.click(await imageButton('A red fox'));
    let viewer = await viewerAt(1, 3, 'A red fox');
    expect(within(viewer).getByRole('button', { name: 'Previous image' })).toHaveAttribute('aria-disabled', 'true');

    await user.keyboard('{ArrowLeft}');
    expect(router.state.location.search).toBe('?view=gen-1');
    await user.keyboard('{ArrowRight}');
    await viewerAt(2, 3, 'A grey wolf');
    expect(router.state.location.search).toBe('?view=gen-2');
    viewer = screen.getByRole('dialog');
    await user.click(within(viewer).getByRole('button', { name: 'Next image' }));
    viewer = await viewerAt(3, 3, 'A brown bear');
    expect(within(viewer).getByRole('button', { name: 'Next image' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.search).toBe('?view=gen-3');
    await user.keyboard('{ArrowLeft}');
    await viewerAt(2, 3, 'A grey wolf');
  });

  it('goes on past the loaded page: the next one is asked for at the last image', async () => {
    const page = HISTORY_PAGE_SIZE;
    const history = Array.from({ length: page + 2 }, (_, index) => makeGeneration({ prompt: `Image ${String(index + 1)}` }));
    const { user } = openGallery(history);
    await user.click(await imageButton(`Image ${String(page)}`));

    await viewerAt(page, page + 2, `Image ${String(page)}`);
    expect(requestsTo('GET', '/api/v1/generations').map((request) => request.search)).toEqual([
      `?limit=${String(page)}`,
      `?limit=${String(page)}&cursor=${String(page)}`,
    ]);
    await user.keyboard('{ArrowRight}');
    await viewerAt(page + 1, page + 2, `Image ${String(page + 1)}`);
  });
});

describe('Image viewer: its actions', () => {
  it('has one Actions menu, worked by the keyboard; Escape closes the menu before the viewer', async () => {
    const { user } = openGallery(foxes());
    await user.click(await imageButton('A red fox'));
    const viewer = await viewerAt(1, 3, 'A red fox');
    const actions = within(viewer).getByRole('button', { name: 'Actions' });
    expect(actions).toHaveAttribute('aria-haspopup', 'menu');
    expect(actions).toHaveAttribute('aria-expanded', 'false');

    actions.focus();
    await user.keyboard('{Enter}');
    const menu = within(viewer).getByRole('menu', { name: 'Actions' });
    expect(actions).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => {
      expect(actionIn(menu, 'Favourite')).not.toHaveAttribute('aria-disabled');
    });
    expect(actionIn(menu, 'Favourite')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(actionIn(menu, 'Try Again')).toHaveFocus();
    await user.keyboard('{End}');
    expect(actionIn(menu, 'Delete…')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(actionIn(menu, 'Favourite')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(actionIn(menu, 'Delete…')).toHaveFocus();
    await user.keyboard('d');
    expect(actionIn(menu, 'Download')).toHaveFocus();
    // The arrows that move the viewer are the menu's while it is open.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Image 1 of 3' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(within(viewer).queryByRole('menu')).not.toBeInTheDocument();
    expect(actions).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Image 1 of 3' })).toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(requestsTo('PUT', '/api/v1/generations/gen-1/favorite')).toHaveLength(1);
    });
    expect(actions).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it("passes a free user's Premium action to the page, and the tile's menu is the same", async () => {
    const { user, onUpgrade } = openGallery(foxes());
    await user.click(await imageButton('A red fox'));
    const viewer = await viewerAt(1, 3, 'A red fox');
    await chooseAction(user, viewer, 'Download');
    expect(onUpgrade).toHaveBeenCalledWith('Download');
    expect(requestsTo('GET', '/api/v1/generations/gen-1/image')).toHaveLength(1);

    const inViewer = actionNames(await openActions(user, viewer));
    await user.keyboard('{Escape}{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    const card = await findTile('A red fox');
    expect(actionNames(await openActions(user, card))).toEqual(inViewer);
  });

  it('shows the next image once the one shown is deleted', async () => {
    const { user, router } = openGallery(foxes(), { plan: 'pro' });
    await user.click(await imageButton('A grey wolf'));
    const viewer = await viewerAt(2, 3, 'A grey wolf');
    await chooseAction(user, viewer, 'Delete…');
    const confirm = await screen.findByRole('dialog', { name: 'Delete this image?' });
    // The confirmation's keys are its own: Left does not move the viewer behind it.
    await user.keyboard('{ArrowLeft}');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await viewerAt(2, 2, 'A brown bear');
    expect(router.state.location.search).toBe('?view=gen-3');
    expect(requestsTo('DELETE', '/api/v1/generations/gen-2')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
  });
});

describe('Image viewer: zoom', () => {
  it('zooms from fit to 100 % and 200 % with its buttons and the keys, and back to fit with 0', async () => {
    const { user } = openGallery(foxes());
    await user.click(await imageButton('A red fox'));
    const viewer = await viewerAt(1, 3, 'A red fox');
    const zoom = within(viewer).getByRole('group', { name: 'Zoom' });
    expect(stage(viewer)).toHaveAttribute('data-zoom', 'fit');
    expect(within(zoom).getByRole('status')).toHaveTextContent('Fit');
    expect(within(zoom).getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(zoom).getByRole('button', { name: 'Zoom in' }));
    expect(stage(viewer)).toHaveAttribute('data-zoom', '1');
    expect(within(zoom).getByRole('status')).toHaveTextContent('100%');
    expect(within(viewer).getByRole('img')).toHaveStyle({ width: '512px', height: '512px' });
    await user.keyboard('+');
    expect(stage(viewer)).toHaveAttribute('data-zoom', '2');
    expect(within(viewer).getByRole('img')).toHaveStyle({ width: '1024px' });
    expect(within(zoom).getByRole('button', { name: 'Zoom in' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('-');
    expect(stage(viewer)).toHaveAttribute('data-zoom', '1');
    await user.keyboard('0');
    expect(stage(viewer)).toHaveAttribute('data-zoom', 'fit');

    // Each image starts fitted.
    await user.keyboard('+{ArrowRight}');
    await viewerAt(2, 3, 'A grey wolf');
    expect(stage(screen.getByRole('dialog'))).toHaveAttribute('data-zoom', 'fit');
  });

  it('zooms in and back out on a double click, and a drag pans the zoomed image', async () => {
    const { user } = openGallery(foxes());
    await user.click(await imageButton('A red fox'));
    const viewer = await viewerAt(1, 3, 'A red fox');

    await user.dblClick(stage(viewer));
    expect(stage(viewer)).toHaveAttribute('data-zoom', '1');
    fireEvent.pointerDown(stage(viewer), { clientX: 100, clientY: 100 });
    fireEvent.pointerMove(stage(viewer), { clientX: 160, clientY: 80 });
    fireEvent.pointerUp(stage(viewer), { clientX: 160, clientY: 80 });
    expect(within(viewer).getByRole('img').style.transform).toBe('translate(-50%, -50%) translate(60px, -20px)');
    // A drag while zoomed pans; it never moves to another image.
    expect(screen.getByRole('dialog', { name: 'Image 1 of 3' })).toBeInTheDocument();

    await user.dblClick(stage(viewer));
    expect(stage(viewer)).toHaveAttribute('data-zoom', 'fit');
  });
});

describe('Image viewer: on a phone', () => {
  /** A swipe on the stage by `dx` pixels sideways. */
  function swipe(viewer: HTMLElement, dx: number) {
    fireEvent.pointerDown(stage(viewer), { clientX: 200, clientY: 300, pointerType: 'touch' });
    fireEvent.pointerMove(stage(viewer), { clientX: 200 + dx / 2, clientY: 305, pointerType: 'touch' });
    fireEvent.pointerUp(stage(viewer), { clientX: 200 + dx, clientY: 310, pointerType: 'touch' });
  }

  it('moves on with a swipe left and back with a swipe right, past 50 px and only while fitted', async () => {
    setViewport({ width: 390 });
    const { user, router } = openGallery(foxes());
    await user.click(await imageButton('A red fox'));
    let viewer = await viewerAt(1, 3, 'A red fox');

    swipe(viewer, -30);
    expect(router.state.location.search).toBe('?view=gen-1');
    swipe(viewer, -80);
    viewer = await viewerAt(2, 3, 'A grey wolf');
    swipe(viewer, 80);
    viewer = await viewerAt(1, 3, 'A red fox');

    await user.click(within(viewer).getByRole('button', { name: 'Zoom in' }));
    swipe(viewer, -80);
    expect(router.state.location.search).toBe('?view=gen-1');
  });
});

describe('Image viewer: what the viewer may see', () => {
  it("shows a free user the blurred preview the gateway served, the tile's own pixels, fetched once", async () => {
    const { user } = openGallery([makeGeneration({ prompt: 'A red fox', blurred: true })]);
    const card = await findTile('A red fox');
    const onCard = await waitFor(() => {
      const img = within(card).getByRole('img');
      expect(img.tagName).toBe('IMG');
      return img;
    });
    await user.click(await imageButton('A red fox'));
    const viewer = await viewerAt(1, 1, 'A red fox');

    expect(within(viewer).getByRole('img')).toHaveAttribute('src', onCard.getAttribute('src'));
    expect(within(viewer).getByText('Blurred preview')).toBeInTheDocument();
    expect(requestsTo('GET', '/api/v1/generations/gen-1/image')).toHaveLength(1);
  });

  it('keeps an explicit image locked for a user whose age is not verified, never asking for it', async () => {
    db.ageCheck = { status: 'unverified', checkedAt: null, required: true };
    const explicit = makeGeneration({ prompt: 'A nude study in charcoal', explicit: true });
    const { user } = openGallery([makeGeneration({ prompt: 'A red fox' }), explicit]);
    await user.click(await imageButton('A red fox'));
    await viewerAt(1, 2, 'A red fox');

    await user.keyboard('{ArrowRight}');
    const viewer = await screen.findByRole('dialog', { name: 'Image 2 of 2' });
    expect(within(viewer).getByTestId('age-locked-image')).toHaveTextContent('Verify your age to see this image');
    expect(within(viewer).queryByRole('img')).not.toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Zoom in' })).toHaveAttribute('aria-disabled', 'true');
    expect(requestsTo('GET', `/api/v1/generations/${explicit.id}/image`)).toHaveLength(0);
  });
});
