import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { queryClient, queryKeys } from '@/lib/query-client';
import { findTile, findTileById, shownPrompts } from '@/testing/gallery';
import { actionIn, chooseAction, isFavourite, openActions } from '@/testing/image-actions';
import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeGeneration } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';

import { HISTORY_PAGE_SIZE } from '../api/generations';

import { Gallery } from './gallery';

const ada = { email: 'ada@example.com', displayName: 'Ada' };

function openGallery() {
  return renderApp(
    <Gallery
      newIds={[]}
      onTryAgain={vi.fn()}
      onUseSettings={vi.fn()}
      onMakeFrom={vi.fn()}
      onUpgrade={vi.fn()}
    />,
    { user: ada },
  );
}

const historyRequests = () => requestsTo('GET', '/api/v1/generations');

describe('Gallery: favourites', () => {
  it('marking a favourite sends PUT with the ID token and shows it checked', async () => {
    db.history = [makeGeneration({ prompt: 'A red fox' })];
    const { user } = openGallery();
    const card = await findTile('A red fox');
    await chooseAction(user, card, 'Favourite');

    expect(await isFavourite(user, card)).toBe(true);
    await waitFor(() => {
      expect(requestsTo('PUT', '/api/v1/generations/gen-1/favorite')).toHaveLength(1);
    });
    const [put] = requestsTo('PUT', '/api/v1/generations/gen-1/favorite');
    expect(put?.authorization).toBe('Bearer token-for-uid-1');
    expect(db.history[0]?.favorite).toBe(true);

    await chooseAction(user, card, 'Favourite');
    await waitFor(() => {
      expect(requestsTo('DELETE', '/api/v1/generations/gen-1/favorite')).toHaveLength(1);
    });
    expect(await isFavourite(user, card)).toBe(false);
  });

  it('a failed mark shows it checked at once, then rolls back and says why', async () => {
    db.history = [makeGeneration({ prompt: 'A red fox' })];
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.put('/api/v1/generations/{id}/favorite', async () => {
        await answered;
        return fail('PUT /api/v1/generations/{id}/favorite', 404, 'not_found', 'generation not found');
      }),
    );
    const { user } = openGallery();
    const card = await findTile('A red fox');

    await chooseAction(user, card, 'Favourite');
    const menu = await openActions(user, card);
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Favourite' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Escape}');
    answer();
    expect(await within(card).findByRole('alert')).toHaveTextContent('Favourite not saved: generation not found');
    expect(await isFavourite(user, card)).toBe(false);
  });
});

describe('Gallery: the gateway is the one source', () => {
  it('shows a favourite marked after a reload, and in favourites only and a search', async () => {
    db.history = [makeGeneration({ prompt: 'A red fox' }), makeGeneration({ prompt: 'A grey wolf' })];
    const first = openGallery();
    const card = await findTile('A red fox');
    await chooseAction(first.user, card, 'Favourite');
    await waitFor(() => {
      expect(requestsTo('PUT', '/api/v1/generations/gen-1/favorite')).toHaveLength(1);
    });
    first.unmount();

    // A reload: nothing is left in the page, the history is asked again.
    queryClient.clear();
    const { user } = openGallery();
    const reloaded = await findTile('A red fox');
    expect(await isFavourite(user, reloaded)).toBe(true);
    expect(await isFavourite(user, await findTile('A grey wolf'))).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Favourites only' }));
    await waitFor(() => {
      expect(shownPrompts()).toEqual(['A red fox']);
    });
    await user.type(screen.getByRole('searchbox', { name: 'Words of the prompt' }), 'fox');
    await waitFor(() => {
      expect(historyRequests().at(-1)?.search).toBe('?limit=24&favorite=true&q=fox');
    });
    expect(shownPrompts()).toEqual(['A red fox']);
    expect(await isFavourite(user, await findTile('A red fox'))).toBe(true);
  });

  it('shows what the gateway holds when it is asked again, over what the page had', async () => {
    db.history = [makeGeneration({ prompt: 'A red fox' })];
    const { user } = openGallery();
    const card = await findTile('A red fox');
    const menu = await openActions(user, card);
    const favourite = within(menu).getByRole('menuitemcheckbox', { name: 'Favourite' });
    expect(favourite).toHaveAttribute('aria-checked', 'false');

    // Marked elsewhere (another tab), then the history is reloaded.
    const [stored] = db.history;
    if (stored) stored.favorite = true;
    await queryClient.invalidateQueries({ queryKey: queryKeys.history('uid-1') });
    await waitFor(() => {
      expect(favourite).toHaveAttribute('aria-checked', 'true');
    });
  });
});

describe('Gallery: filters', () => {
  it('favourites only shows only favourites, and says so when there are none', async () => {
    db.history = [
      makeGeneration({ prompt: 'A red fox' }),
      makeGeneration({ prompt: 'A cat', favorite: true }),
      makeGeneration({ prompt: 'A dog' }),
    ];
    const { user } = openGallery();
    await findTile('A dog');

    await user.click(screen.getByRole('checkbox', { name: 'Favourites only' }));
    await waitFor(() => {
      expect(shownPrompts()).toEqual(['A cat']);
    });
    expect(historyRequests().at(-1)?.search).toBe('?limit=24&favorite=true');

    await chooseAction(user, await findTile('A cat'), 'Favourite');
    expect(await screen.findByText('No images match these filters.')).toBeInTheDocument();
    expect(shownPrompts()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('filters by style and by words of the prompt, whatever their case, once typing rests', async () => {
    db.history = [
      makeGeneration({ prompt: 'A red fox', style: 'anime-v1' }),
      makeGeneration({ prompt: 'A fox in snow' }),
      makeGeneration({ prompt: 'A cat', style: 'anime-v1' }),
    ];
    const { user } = openGallery();
    await findTile('A cat');
    const style = screen.getByRole('combobox', { name: 'Style' });
    await waitFor(() => {
      expect(within(style).getByRole('option', { name: 'Anime V1' })).toBeInTheDocument();
    });
    expect(style).toHaveValue('');
    expect(within(style).getAllByRole('option')[0]).toHaveTextContent('All styles');

    await user.selectOptions(style, 'Anime V1');
    await waitFor(() => {
      expect(shownPrompts()).toEqual(['A red fox', 'A cat']);
    });

    const words = screen.getByRole('searchbox', { name: 'Words of the prompt' });
    await user.type(words, 'FOX');
    // Not a request a letter: the words go once typing rests.
    expect(historyRequests().every((request) => !request.search.includes('q='))).toBe(true);
    await waitFor(() => {
      expect(shownPrompts()).toEqual(['A red fox']);
    });
    expect(historyRequests().filter((request) => request.search.includes('q=')).map((request) => request.search)).toEqual([
      '?limit=24&style=anime-v1&q=FOX',
    ]);

    await user.selectOptions(style, 'All styles');
    await waitFor(() => {
      expect(shownPrompts()).toEqual(['A red fox', 'A fox in snow']);
    });
  });

  it('load more continues after a short page with a cursor, and a new filter starts from the first page', async () => {
    // The fake reads a page of records as the gateway reads up to 1,000: the first holds no favourite.
    db.history = [
      ...Array.from({ length: HISTORY_PAGE_SIZE }, (_, index) => makeGeneration({ prompt: `Plain ${String(index)}` })),
      makeGeneration({ prompt: 'An old favourite', favorite: true }),
    ];
    const { user } = openGallery();
    await findTile('Plain 0');

    await user.click(screen.getByRole('checkbox', { name: 'Favourites only' }));
    expect(await screen.findByText(/No images match these filters so far/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await findTile('An old favourite')).toBeInTheDocument();
    expect(historyRequests().at(-1)?.search).toBe('?limit=24&cursor=24&favorite=true');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Style' }), 'Real V1.1');
    await waitFor(() => {
      expect(historyRequests().at(-1)?.search).toBe('?limit=24&favorite=true&style=real-v1.1');
    });
  });
});

describe('Gallery: explicit images and the age check', () => {
  /** An explicit image and a plain one in the saved history, the explicit first. */
  function arrangeHistory() {
    const explicit = makeGeneration({ prompt: 'A nude study in charcoal', explicit: true });
    const plain = makeGeneration({ prompt: 'A red fox' });
    db.history = [explicit, plain];
    return { explicit, plain };
  }
  const imageRequests = (id: string) => requestsTo('GET', `/api/v1/generations/${id}/image`);

  it('shows a placeholder for an explicit image to a user whose age is not verified, never asking for it', async () => {
    db.ageCheck = { status: 'unverified', checkedAt: null, required: true };
    const { explicit, plain } = arrangeHistory();
    openGallery();

    const card = await findTileById(explicit.id);
    expect(within(card).getByTestId('age-locked-image')).toHaveTextContent('Verify your age to see this image');
    expect(within(card).getByRole('button', { name: 'Verify your age' })).toBeEnabled();
    // The plain image loads; by then the explicit one would have been asked for too.
    const fox = await findTile(plain.prompt);
    await waitFor(() => {
      expect(within(fox).getByRole('img', { name: `Generated image: ${plain.prompt}` })).toHaveAttribute('src');
    });
    expect(imageRequests(plain.id)).toHaveLength(1);
    expect(imageRequests(explicit.id)).toHaveLength(0);
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
  });

  it.each([
    ['once the age is verified', { status: 'verified' as const, checkedAt: Date.UTC(2026, 0, 2), required: true }],
    ['where this server does not check ages', { status: 'unverified' as const, checkedAt: null, required: false }],
  ])('shows explicit images %s', async (_, ageCheck) => {
    db.ageCheck = ageCheck;
    const { explicit } = arrangeHistory();
    openGallery();

    const card = await findTileById(explicit.id);
    await waitFor(() => {
      expect(within(card).getByRole('img', { name: `Generated image: ${explicit.prompt}` })).toHaveAttribute('src');
    });
    expect(within(card).queryByTestId('age-locked-image')).not.toBeInTheDocument();
    expect(imageRequests(explicit.id)).toHaveLength(1);
  });

  it('holds back Download and Remove blur of an explicit image from a pro user whose age is not verified', async () => {
    db.ageCheck = { status: 'unverified', checkedAt: null, required: true };
    db.plan = 'pro';
    const { explicit } = arrangeHistory();
    const { user } = openGallery();

    const card = await findTileById(explicit.id);
    const menu = await openActions(user, card);
    // The plan is known once Favourite can be chosen.
    await waitFor(() => {
      expect(actionIn(menu, 'Favourite')).not.toHaveAttribute('aria-disabled');
    });
    for (const name of ['Download', 'Remove blur']) {
      expect(actionIn(menu, name)).toHaveAttribute('aria-disabled', 'true');
      expect(actionIn(menu, name)).toHaveAccessibleDescription('Verify your age to see this image');
    }
    await user.click(actionIn(menu, 'Download'));
    expect(menu).toBeInTheDocument();
    expect(requestsTo('GET', `/api/v1/generations/${explicit.id}/image`)).toHaveLength(0);
  });
});
