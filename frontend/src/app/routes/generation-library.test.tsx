import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { HISTORY_PAGE_SIZE } from '@/features/gallery/api/generations';
import { browser } from '@/lib/browser';
import { queryClient } from '@/lib/query-client';
import { findTile, shownPrompts } from '@/testing/gallery';
import { stubIntersectionObserver } from '@/testing/intersection-observer';
import { db, requestsTo } from '@/testing/mocks/db';
import { makeGeneration, makeJobImages } from '@/testing/mocks/records';
import { renderApp } from '@/testing/render-app';
import type { Plan } from '@/types/api';

import { routes } from '../router';

const ada = { email: 'ada@example.com', displayName: 'Ada' };

function openPage(url = '/generation', plan: Plan = 'free') {
  return renderApp(routes, { user: ada, url, plan });
}

/** Noon of the day `daysAgo` days before today, on this machine's calendar. */
function noon(daysAgo: number): number {
  const date = new Date();
  date.setDate(date.getDate() - daysAgo);
  date.setHours(12, 0, 0, 0);
  return date.getTime();
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const historyRequests = () => requestsTo('GET', '/api/v1/generations');

describe('Generation page: the library by day and by job', () => {
  it("puts the images under a heading per day, a job's images in one list under their prompt, said once", async () => {
    const job = makeJobImages(3, { prompt: 'A red fox', createdAt: noon(0) });
    db.history = [
      makeGeneration({ prompt: 'A grey wolf', createdAt: noon(0) }),
      ...job,
      makeGeneration({ prompt: 'A brown bear', createdAt: noon(1) }),
      makeGeneration({ prompt: 'An old owl', createdAt: noon(9) }),
    ];
    openPage();
    await findTile('An old owl');

    const days = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    const older = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' });
    expect(days.slice(0, 2)).toEqual(['Today', 'Yesterday']);
    expect(days[2]).toContain(older.format(noon(9)));

    const today = screen.getByRole('region', { name: 'Today' });
    expect(within(today).getAllByText('A red fox')).toHaveLength(1);
    const batch = within(today).getByRole('list', { name: 'A red fox' });
    expect(within(batch).getAllByRole('button', { name: /^Generated image: A red fox \(\d of 3\)$/ })).toHaveLength(3);
    expect(within(today).queryByText('A grey wolf')).not.toBeInTheDocument();
    const yesterday = screen.getByRole('region', { name: 'Yesterday' });
    expect(within(yesterday).getByRole('button', { name: 'Generated image: A brown bear' })).toBeInTheDocument();
  });
});

describe('Generation page: filters in the address', () => {
  it('keeps the filters in the address, replacing the entry, so a reload shows the same images, the viewer beside them', async () => {
    db.history = [
      makeGeneration({ prompt: 'A red fox', style: 'anime-v1', favorite: true }),
      makeGeneration({ prompt: 'A fox in snow', style: 'anime-v1' }),
      makeGeneration({ prompt: 'A cat', style: 'anime-v1', favorite: true }),
      makeGeneration({ prompt: 'A real fox', favorite: true }),
    ];
    const first = openPage();
    await findTile('A real fox');
    await first.user.click(checkbox('Favourites only'));
    const style = screen.getByRole('combobox', { name: 'Style' });
    await waitFor(() => {
      expect(within(style).getByRole('option', { name: 'Anime V1' })).toBeInTheDocument();
    });
    await first.user.selectOptions(style, 'Anime V1');
    await first.user.type(screen.getByRole('searchbox', { name: 'Words of the prompt' }), 'fox');
    await waitFor(() => {
      expect(new URLSearchParams(first.router.state.location.search).get('q')).toBe('fox');
    });
    const search = first.router.state.location.search;
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ fav: '1', style: 'anime-v1', q: 'fox' });
    expect(first.router.state.historyAction).toBe('REPLACE');
    first.unmount();

    // A reload: the page is drawn again from the address alone.
    queryClient.clear();
    const { user, router } = openPage(`/generation${search}`);
    await waitFor(() => {
      expect(shownPrompts()).toEqual(['A red fox']);
    });
    expect(historyRequests().at(-1)?.search).toBe('?limit=24&favorite=true&style=anime-v1&q=fox');
    expect(checkbox('Favourites only')).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue('anime-v1');
    expect(screen.getByRole('searchbox', { name: 'Words of the prompt' })).toHaveValue('fox');

    await user.click(within(await findTile('A red fox')).getByRole('button', { name: 'Generated image: A red fox' }));
    await screen.findByRole('dialog', { name: 'Image 1 of 1' });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      fav: '1',
      style: 'anime-v1',
      q: 'fox',
      view: 'gen-1',
    });
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(router.state.location.search).toBe(search);
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(shownPrompts()).toEqual(['A red fox', 'A fox in snow', 'A cat', 'A real fox']);
    });
    expect(router.state.location.search).toBe('');
  });

  it('says when no image matches the filters, and Clear filters takes them out of the address', async () => {
    db.history = [makeGeneration({ prompt: 'A red fox' }), makeGeneration({ prompt: 'A cat' })];
    const { user, router } = openPage('/generation?q=zebra&fav=1');

    expect(await screen.findByText('No images match these filters.')).toBeInTheDocument();
    expect(shownPrompts()).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Generate an image' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    await waitFor(() => {
      expect(shownPrompts()).toEqual(['A red fox', 'A cat']);
    });
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Words of the prompt' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Words of the prompt' })).toHaveFocus();
    expect(checkbox('Favourites only')).not.toBeChecked();
    expect(screen.queryByText(/No images match/)).not.toBeInTheDocument();
  });
});

describe('Generation page: select mode', () => {
  it('deletes the chosen images after asking once, for a free user too, and leaves select mode', async () => {
    db.history = [
      makeGeneration({ prompt: 'A red fox' }),
      makeGeneration({ prompt: 'A grey wolf' }),
      makeGeneration({ prompt: 'A brown bear' }),
    ];
    const { user } = openPage();
    await findTile('A brown bear');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await user.click(checkbox('Generated image: A red fox'));
    await user.click(checkbox('Generated image: A brown bear'));
    expect(checkbox('Generated image: A red fox')).toBeChecked();
    expect(checkbox('Generated image: A grey wolf')).not.toBeChecked();
    const bar = screen.getByRole('group', { name: 'Selected images' });
    expect(within(bar).getByRole('status')).toHaveTextContent('2 selected');

    await user.click(within(bar).getByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 images?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(requestsTo('DELETE', '/api/v1/generations/gen-1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => {
      expect(shownPrompts()).toEqual(['A grey wolf']);
    });
    expect(requestsTo('DELETE', '/api/v1/generations/gen-1')).toHaveLength(1);
    expect(requestsTo('DELETE', '/api/v1/generations/gen-3')).toHaveLength(1);
    expect(requestsTo('DELETE', '/api/v1/generations/gen-2')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Select' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generated image: A grey wolf' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('is worked by the keyboard: Space chooses, Shift chooses a run, Escape leaves with the focus kept', async () => {
    db.history = ['One', 'Two', 'Three', 'Four'].map((prompt) => makeGeneration({ prompt }));
    const { user } = openPage();
    await findTile('Four');
    const select = screen.getByRole('button', { name: 'Select' });
    select.focus();
    await user.keyboard('{Enter}');
    expect(select).toHaveFocus();
    expect(select).toHaveTextContent('Done');

    checkbox('Generated image: One').focus();
    await user.keyboard(' ');
    expect(checkbox('Generated image: One')).toBeChecked();
    await user.keyboard('{Escape}');
    const image = screen.getByRole('button', { name: 'Generated image: One' });
    expect(image).toHaveFocus();
    expect(screen.queryByRole('group', { name: 'Selected images' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(checkbox('Generated image: One')).not.toBeChecked();
    await user.click(checkbox('Generated image: Two'));
    await user.keyboard('{Shift>}');
    await user.click(checkbox('Generated image: Four'));
    await user.keyboard('{/Shift}');
    expect(['One', 'Two', 'Three', 'Four'].map((name) => checkbox(`Generated image: ${name}`).getAttribute('aria-checked'))).toEqual([
      'false',
      'true',
      'true',
      'true',
    ]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Select' })).toHaveFocus();
    expect(screen.queryAllByRole('checkbox', { name: /^Generated image/ })).toHaveLength(0);
  });

  it('tells a free user what Premium adds when they download the chosen images, and downloads nothing', async () => {
    db.history = [makeGeneration({ prompt: 'A red fox' }), makeGeneration({ prompt: 'A cat' })];
    const { user, router } = openPage();
    await findTile('A cat');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await user.click(checkbox('Generated image: A red fox'));
    await user.click(within(screen.getByRole('group', { name: 'Selected images' })).getByRole('button', { name: 'Download' }));

    const dialog = await screen.findByRole('dialog', { name: 'Download is a Premium feature' });
    expect(dialog).toHaveAccessibleDescription(/lets you download them/);
    await user.click(within(dialog).getByRole('button', { name: 'See Premium' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/subscribe');
    });
    expect(db.requests.some((request) => request.search.includes('download'))).toBe(false);
  });

  it("downloads each chosen image for a pro user as its own menu does, leaving out what the age check holds back", async () => {
    db.ageCheck = { status: 'unverified', checkedAt: null, required: true };
    const save = vi.spyOn(browser, 'saveFile').mockImplementation(() => undefined);
    db.history = [
      makeGeneration({ prompt: 'A red fox', blurred: false }),
      makeGeneration({ prompt: 'A nude study', blurred: false, explicit: true }),
      makeGeneration({ prompt: 'A cat', blurred: false }),
    ];
    const { user } = openPage('/generation', 'pro');
    await findTile('A cat');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    for (const name of ['Generated image: A red fox', 'Generated image: A nude study', 'Generated image: A cat']) {
      await user.click(await screen.findByRole('checkbox', { name }));
    }
    const bar = screen.getByRole('group', { name: 'Selected images' });
    expect(within(bar).getByRole('status')).toHaveTextContent('3 selected');
    await user.click(within(bar).getByRole('button', { name: 'Download' }));

    expect(await within(bar).findByRole('alert')).toHaveTextContent(
      '1 explicit image was left out: verify your age to download them.',
    );
    expect(save.mock.calls.map(([, filename]) => filename)).toEqual(['generated_image_gen-1.png', 'generated_image_gen-3.png']);
    expect(requestsTo('GET', '/api/v1/generations/gen-2/image')).toHaveLength(0);
  });

  it('marks every chosen image a favourite', async () => {
    db.history = [
      makeGeneration({ prompt: 'A red fox' }),
      makeGeneration({ prompt: 'A cat', favorite: true }),
      makeGeneration({ prompt: 'A dog' }),
    ];
    const { user } = openPage();
    await findTile('A dog');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await user.click(checkbox('Generated image: A red fox'));
    await user.click(checkbox('Generated image: A cat'));
    await user.click(within(screen.getByRole('group', { name: 'Selected images' })).getByRole('button', { name: 'Favourite' }));

    const fox = await findTile('A red fox');
    await waitFor(() => {
      expect(within(fox).getByText('Favourite')).toBeInTheDocument();
    });
    expect(requestsTo('PUT', '/api/v1/generations/gen-1/favorite')).toHaveLength(1);
    // Already one: nothing to send.
    expect(requestsTo('PUT', '/api/v1/generations/gen-2/favorite')).toHaveLength(0);
    expect(db.history.map((item) => item.favorite)).toEqual([true, true, false]);
  });
});

describe('Generation page: infinite scroll', () => {
  it('loads the next page as the end of the list comes near, Load more staying for the keyboard', async () => {
    const observer = stubIntersectionObserver();
    const total = HISTORY_PAGE_SIZE + 5;
    db.history = Array.from({ length: total }, (_, index) => makeGeneration({ prompt: `Image ${String(index + 1)}` }));
    openPage();
    await findTile(`Image ${String(HISTORY_PAGE_SIZE)}`);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    expect(historyRequests()).toHaveLength(1);

    observer.intersect();
    expect(await findTile(`Image ${String(total)}`)).toBeInTheDocument();
    expect(historyRequests().map((request) => request.search)).toEqual([
      `?limit=${String(HISTORY_PAGE_SIZE)}`,
      `?limit=${String(HISTORY_PAGE_SIZE)}&cursor=${String(HISTORY_PAGE_SIZE)}`,
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
