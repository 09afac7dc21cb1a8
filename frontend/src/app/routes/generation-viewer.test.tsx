import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { HISTORY_PAGE_SIZE } from '@/features/gallery/api/generations';
import { queryClient } from '@/lib/query-client';
import { findTile } from '@/testing/gallery';
import { chooseAction } from '@/testing/image-actions';
import { db, requestsTo } from '@/testing/mocks/db';
import { makeGeneration } from '@/testing/mocks/records';
import { renderApp } from '@/testing/render-app';

import { routes } from '../router';

const ada = { email: 'ada@example.com', displayName: 'Ada' };

/** Ada's three saved images, newest first. */
function arrangeHistory() {
  db.history = [
    makeGeneration({ prompt: 'A red fox' }),
    makeGeneration({ prompt: 'A grey wolf' }),
    makeGeneration({ prompt: 'A brown bear' }),
  ];
}

function openPage(url = '/generation', options: Parameters<typeof renderApp>[1] = {}) {
  return renderApp(routes, { user: ada, url, ...options });
}

const viewer = (name: string) => screen.findByRole('dialog', { name });

describe('Generation page: the viewer in the address', () => {
  it('opens the image the address names, again after a reload, and Escape then leaves the gallery there', async () => {
    arrangeHistory();
    const first = openPage('/generation?view=gen-2');
    await viewer('Image 2 of 3');
    await first.user.keyboard('{ArrowRight}');
    expect(await viewer('Image 3 of 3')).toHaveAccessibleDescription('A brown bear');
    const { pathname, search } = first.router.state.location;
    expect(search).toBe('?view=gen-3');
    first.unmount();

    // A reload: the page is drawn again from the address alone.
    queryClient.clear();
    const { user, router } = openPage(`${pathname}${search}`);
    expect(await viewer('Image 3 of 3')).toHaveAccessibleDescription('A brown bear');
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(router.state.location.pathname).toBe('/generation');
    expect(router.state.location.search).toBe('');
    // Nothing opened it on this page: its tile takes the focus.
    expect(await findTile('A brown bear')).toHaveFocus();
  });

  it("closes on the browser's Back, and opening and moving leave one entry to go back over", async () => {
    arrangeHistory();
    const { user, router } = openPage();
    const card = await findTile('A red fox');
    await user.click(within(card).getByRole('button', { name: 'Generated image: A red fox' }));
    await viewer('Image 1 of 3');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await viewer('Image 3 of 3');

    await router.navigate(-1);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(router.state.location.search).toBe('');
    await router.navigate(1);
    expect(await viewer('Image 3 of 3')).toBeInTheDocument();
  });

  it('keeps which images are new while it is open', async () => {
    arrangeHistory();
    const { user } = openPage('/generation', { state: { newIds: ['gen-1'] } });
    const card = await findTile('A red fox');
    await user.click(within(card).getByRole('button', { name: 'Generated image: A red fox' }));
    await viewer('Image 1 of 3');
    expect(within(card).getByText('New')).toBeInTheDocument();
  });

  it('looks further back for an image not on the first page, and drops an address that names none', async () => {
    const total = HISTORY_PAGE_SIZE + 2;
    db.history = Array.from({ length: total }, (_, index) => makeGeneration({ prompt: `Image ${String(index + 1)}` }));
    const beyond = HISTORY_PAGE_SIZE + 1;
    const found = openPage(`/generation?view=gen-${String(beyond)}`);
    expect(await viewer(`Image ${String(beyond)} of ${String(total)}`)).toHaveAccessibleDescription(`Image ${String(beyond)}`);
    found.unmount();

    queryClient.clear();
    const { router } = openPage('/generation?view=gone');
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo('GET', '/api/v1/generations').at(-1)?.search).toBe(`?limit=${String(HISTORY_PAGE_SIZE)}&cursor=${String(HISTORY_PAGE_SIZE)}`);
  });
});

describe('Generation page: Premium from the viewer', () => {
  it("tells a free user what Premium adds over the viewer, which stays open under it", async () => {
    arrangeHistory();
    const { user, router } = openPage('/generation?view=gen-1');
    const open = await viewer('Image 1 of 3');
    await chooseAction(user, open, 'Remove blur');

    const premium = await screen.findByRole('dialog', { name: 'Remove blur is a Premium feature' });
    expect(within(premium).getByRole('button', { name: 'See Premium' })).toHaveFocus();
    // Its keys are its own: the viewer behind it neither moves nor closes.
    await user.keyboard('{ArrowRight}');
    await user.tab();
    expect(premium).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: /Premium feature/ })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Image 1 of 3' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Actions' })).toHaveFocus();

    await chooseAction(user, open, 'Download');
    await user.click(await screen.findByRole('button', { name: 'See Premium' }));
    // The router says the new address before React has rendered the page that replaces this one.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/subscribe');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it("draws again from the viewer with 'Try Again'", async () => {
    arrangeHistory();
    const { user, router } = openPage('/generation?view=gen-2');
    await chooseAction(user, await viewer('Image 2 of 3'), 'Try Again');
    await waitFor(() => {
      expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(1);
    });
    expect(router.state.location.pathname).toBe('/generate');
    expect(requestsTo('POST', '/api/v1/jobs')[0]?.body).toMatchObject({ prompt: 'A grey wolf', seed: '' });
    expect(document.body.style.overflow).toBe('');
  });
});
