import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { DEFAULT_PROMPT } from '@/features/generate/defaults';
import { db, makeGeneration, RENDERER_LABEL, requestsTo } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';
import { controlledStream } from '@/testing/sse';
import { advance, settle, useFakeTimeouts } from '@/testing/timers';
import type { GenerationRequest } from '@/types/api';
import { readGalleryState } from '@/types/navigation';

import { routes } from '../router';

const ada = { email: 'ada@example.com', displayName: 'Ada' };

/** /Generate with the catalog loaded. */
async function openGenerate(options: Parameters<typeof renderApp>[1] = {}) {
  const view = renderApp(routes, { url: '/Generate', ...options });
  await screen.findByRole('radio', { name: 'Real V1.1' });
  return view;
}

const promptBox = () => screen.getByRole('textbox', { name: 'Prompt' });
const generateButton = () => screen.getByRole('button', { name: /^(Generate|Generation\.\.\.)$/ });
const lastGenerationBody = () => requestsTo('POST', '/api/v1/generations').at(-1)?.body as GenerationRequest;

async function generateAndWait(user: Awaited<ReturnType<typeof openGenerate>>['user']) {
  await user.click(generateButton());
  await waitFor(() => {
    expect(requestsTo('POST', '/api/v1/generations')).toHaveLength(1);
  });
  return lastGenerationBody();
}

describe('Generate page: the prompt', () => {
  it('is prefilled with the default prompt and counts the characters left out of 500', async () => {
    await openGenerate();
    expect(promptBox()).toHaveValue(DEFAULT_PROMPT);
    expect(screen.getByTestId('prompt-counter')).toHaveTextContent(`${String(500 - DEFAULT_PROMPT.length)} characters left`);
  });

  it('updates the counter while typing, and the clear button empties the prompt', async () => {
    const { user } = await openGenerate();
    await user.click(screen.getByRole('button', { name: 'Clear prompt' }));
    expect(promptBox()).toHaveValue('');
    expect(promptBox()).toHaveFocus();
    expect(screen.getByTestId('prompt-counter')).toHaveTextContent('500 characters left');

    await user.type(promptBox(), 'A red fox');
    expect(screen.getByTestId('prompt-counter')).toHaveTextContent('491 characters left');
  });

  it('stops at 500 characters', async () => {
    const { user } = await openGenerate();
    await user.click(screen.getByRole('button', { name: 'Clear prompt' }));
    await user.click(promptBox());
    await user.paste('x'.repeat(520));
    expect(promptBox()).toHaveValue('x'.repeat(500));
    expect(screen.getByTestId('prompt-counter')).toHaveTextContent('0 characters left');
  });
});

describe('Generate page: styles, looks and options', () => {
  it('shows the four style tiles from the catalog, the default one selected', async () => {
    await openGenerate();
    const group = screen.getByRole('group', { name: 'Style' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['real-v1.1', 'real-v1.2', 'anime-v1', 'nsfw-v1.1']);
    expect(screen.getByRole('radio', { name: 'Real V1.1' })).toBeChecked();
  });

  it('selects a tile and sends its style', async () => {
    const { user } = await openGenerate({ user: ada });
    await user.click(screen.getByRole('radio', { name: 'Anime V1' }));
    expect(screen.getByRole('radio', { name: 'Anime V1' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Real V1.1' })).not.toBeChecked();

    const body = await generateAndWait(user);
    expect(body.style).toBe('anime-v1');
  });

  it('keeps one look at a time: choosing Korean deselects Asian, choosing it again clears it', async () => {
    const { user } = await openGenerate({ user: ada });
    const asian = screen.getByRole('button', { name: 'Asian' });
    const korean = screen.getByRole('button', { name: 'Korean' });
    expect(asian).toHaveAttribute('aria-pressed', 'false');

    await user.click(asian);
    expect(asian).toHaveAttribute('aria-pressed', 'true');
    await user.click(korean);
    expect(korean).toHaveAttribute('aria-pressed', 'true');
    expect(asian).toHaveAttribute('aria-pressed', 'false');
    expect((await generateAndWait(user)).look).toBe('korean');
  });

  it('clears the look when the selected one is chosen again', async () => {
    const { user } = await openGenerate({ user: ada });
    await user.click(screen.getByRole('button', { name: 'Asian' }));
    await user.click(screen.getByRole('button', { name: 'Asian' }));
    expect(screen.getByRole('button', { name: 'Asian' })).toHaveAttribute('aria-pressed', 'false');
    expect((await generateAndWait(user)).look).toBeNull();
  });

  it('leads free users to /Subscribe from the Pro add tile, pro-only looks and styles, and multiple images', async () => {
    await openGenerate({ user: ada });
    await waitFor(() => {
      expect(screen.getByTestId('credits')).toBeInTheDocument();
    });
    for (const name of ['More looks Pro', 'Nordic Pro', 'Custom V1 Pro', 'Several images at once Pro']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', '/Subscribe');
    }
    expect(screen.queryByRole('radio', { name: /Custom V1/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Images' })).not.toBeInTheDocument();
  });

  it('lets pro users pick pro styles and looks and up to 4 images', async () => {
    const { user } = await openGenerate({ user: ada, plan: 'pro' });
    const count = await screen.findByRole('combobox', { name: 'Images' });
    expect(within(count).getAllByRole('option').map((option) => option.textContent)).toEqual(['1', '2', '3', '4']);
    await user.selectOptions(count, '3');
    await user.click(screen.getByRole('radio', { name: /Custom V1/ }));
    await user.click(screen.getByRole('button', { name: /Nordic/ }));
    expect(screen.queryByRole('link', { name: 'More looks Pro' })).not.toBeInTheDocument();

    const body = await generateAndWait(user);
    expect(body).toMatchObject({ count: 3, style: 'custom-v1', look: 'nordic' });
  });

  it('has empty seed and step fields with placeholders 100 and 30, sent as typed', async () => {
    const { user } = await openGenerate({ user: ada });
    const seed = screen.getByRole('textbox', { name: 'Seed' });
    const steps = screen.getByRole('textbox', { name: 'Steps' });
    expect(seed).toHaveValue('');
    expect(seed).toHaveAttribute('placeholder', '100');
    expect(steps).toHaveValue('');
    expect(steps).toHaveAttribute('placeholder', '30');

    await user.type(seed, '42');
    const body = await generateAndWait(user);
    expect(body).toMatchObject({ seed: '42', steps: '', count: 1, negativePrompt: '', prompt: DEFAULT_PROMPT });
  });

  it("has '2x Inhance' on by default and sends it as enhance", async () => {
    const { user } = await openGenerate({ user: ada });
    const enhance = screen.getByRole('switch', { name: '2x Inhance' });
    expect(enhance).toBeChecked();
    await user.click(enhance);
    expect((await generateAndWait(user)).enhance).toBe(false);
  });

  it('sends the negative prompt', async () => {
    const { user } = await openGenerate({ user: ada });
    await user.type(screen.getByRole('textbox', { name: 'Negative prompt' }), 'blurry');
    expect((await generateAndWait(user)).negativePrompt).toBe('blurry');
  });

  it('shows the credits left and the local renderer note', async () => {
    db.quota = { used: 3, limit: 10, resetsAt: '2026-11-23T00:00:00Z' };
    await openGenerate({ user: ada });
    expect(await screen.findByTestId('credits')).toHaveTextContent('7 of 10 credits left');
    expect(screen.getByTestId('renderer-note')).toHaveTextContent(RENDERER_LABEL);
  });

  it('shows no renderer note when a real model answers', async () => {
    db.catalog = { ...db.catalog, renderer: { kind: 'a1111', label: 'Stable Diffusion' } };
    await openGenerate();
    expect(screen.queryByTestId('renderer-note')).not.toBeInTheDocument();
  });
});

describe('Generate page: the 18+ confirmation for the explicit style', () => {
  it('asks before selecting NSFW V1.1 and records the confirmation on the profile', async () => {
    db.ageConfirmed = false;
    const { user } = await openGenerate({ user: ada });
    await screen.findByTestId('credits');
    await user.click(screen.getByRole('radio', { name: /NSFW V1\.1/ }));

    const dialog = screen.getByRole('dialog', { name: 'Are you 18 or older?' });
    expect(screen.getByRole('radio', { name: /NSFW V1\.1/ })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'I am 18 or older' }));

    await waitFor(() => {
      expect(screen.getByRole('radio', { name: /NSFW V1\.1/ })).toBeChecked();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo('POST', '/api/v1/me').at(-1)?.body).toEqual({ username: 'Ada', ageConfirmed: true });
  });

  it('keeps the previous style when the confirmation is cancelled', async () => {
    db.ageConfirmed = false;
    const { user } = await openGenerate({ user: ada });
    await screen.findByTestId('credits');
    await user.click(screen.getByRole('radio', { name: /NSFW V1\.1/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('radio', { name: 'Real V1.1' })).toBeChecked();
    expect(requestsTo('POST', '/api/v1/me')).toHaveLength(0);
  });

  it('keeps keyboard focus inside the dialog, closes on Escape and gives focus back to the tile', async () => {
    db.ageConfirmed = false;
    const { user } = await openGenerate({ user: ada });
    await screen.findByTestId('credits');
    const nsfw = screen.getByRole('radio', { name: /NSFW V1\.1/ });
    await user.click(nsfw);

    const dialog = screen.getByRole('dialog', { name: 'Are you 18 or older?' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'I am 18 or older' });
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(nsfw).toHaveFocus();
  });

  it('does not ask a user who already confirmed', async () => {
    const { user } = await openGenerate({ user: ada });
    await screen.findByTestId('credits');
    await user.click(screen.getByRole('radio', { name: /NSFW V1\.1/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /NSFW V1\.1/ })).toBeChecked();
  });
});

describe('Generate page: generating', () => {
  it('sends a guest to /Register without calling the gateway', async () => {
    const { user, router } = await openGenerate();
    await screen.findByText(/to get free credits every day/);
    await user.click(generateButton());
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/Register');
    });
    expect(requestsTo('POST', '/api/v1/generations')).toHaveLength(0);
  });

  it('asks for a prompt rather than sending an empty one', async () => {
    const { user } = await openGenerate({ user: ada });
    await user.click(screen.getByRole('button', { name: 'Clear prompt' }));
    await user.click(generateButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please write a prompt first.');
    expect(requestsTo('POST', '/api/v1/generations')).toHaveLength(0);
  });

  it('follows the spec timings: overlay after 2000 ms, busy cleared 400 ms and overlay 4000 ms after the answer', async () => {
    const stream = controlledStream();
    server.use(http.post('/api/v1/generations', () => stream.response()));
    const earlier = makeGeneration({ id: 'earlier' });
    const created = makeGeneration({ id: 'created', prompt: DEFAULT_PROMPT });
    const { user, router } = await openGenerate({ user: ada, fakeTimers: true, state: { generations: [earlier] } });
    await screen.findByTestId('credits');
    useFakeTimeouts();
    await user.click(generateButton());
    expect(generateButton()).toHaveTextContent(/^Generation\.\.\.$/);
    expect(generateButton()).toBeDisabled();

    advance(1999);
    expect(screen.queryByTestId('generating-overlay')).not.toBeInTheDocument();
    const form = generateButton().closest('form');
    const formBefore = form?.outerHTML;
    advance(1);
    const overlay = screen.getByTestId('generating-overlay');
    expect(within(overlay).getByRole('heading', { name: 'Generating . . .' })).toBeInTheDocument();
    expect(within(overlay).getByRole('link', { name: 'Generate Faster' })).toHaveAttribute('href', '/Subscribe');
    // The overlay is laid over the form (position: fixed), which itself does not change.
    expect(form).not.toContainElement(overlay);
    expect(form?.outerHTML).toBe(formBefore);

    stream.send('queued', { position: 2 });
    await settle();
    expect(within(overlay).getByText('Position in queue: 2')).toBeInTheDocument();
    stream.send('progress', { fraction: 0.4, etaSeconds: 3 });
    await settle();
    expect(within(overlay).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(within(overlay).getByText('About 3 s left')).toBeInTheDocument();

    stream.send('done', { generations: [created] });
    stream.close();
    await settle();
    expect(within(overlay).getByText('Done! Opening your images…')).toBeInTheDocument();

    advance(399);
    expect(generateButton()).toHaveTextContent(/^Generation\.\.\.$/);
    advance(1);
    expect(generateButton()).toHaveTextContent(/^Generate$/);
    expect(generateButton()).toBeEnabled();

    advance(3599); // 3999 ms after the answer
    expect(screen.getByTestId('generating-overlay')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Generate');
    advance(1);
    expect(screen.queryByTestId('generating-overlay')).not.toBeInTheDocument();

    // The timings are done; the next page's code loads in real time.
    vi.useRealTimers();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/Generation');
    });
    // The existing list plus the new image.
    expect(readGalleryState(router.state.location.state).generations.map((item) => item.id)).toEqual([
      'earlier',
      'created',
    ]);
  });

  it('keeps keyboard focus inside the overlay while it is shown', async () => {
    const stream = controlledStream();
    server.use(http.post('/api/v1/generations', () => stream.response()));
    const { user } = await openGenerate({ user: ada, fakeTimers: true });
    await screen.findByTestId('credits');
    useFakeTimeouts();
    await user.click(generateButton());
    advance(2000);

    const overlay = screen.getByRole('dialog', { name: 'Generating . . .' });
    const upgrade = within(overlay).getByRole('link', { name: 'Generate Faster' });
    expect(overlay).toHaveFocus();
    await user.tab();
    expect(upgrade).toHaveFocus();
    await user.tab();
    expect(upgrade).toHaveFocus();
    await user.tab({ shift: true });
    expect(upgrade).toHaveFocus();
    stream.close();
  });

  it('shows no overlay before 2000 ms when the answer is a failure, and clears busy at once', async () => {
    server.use(
      http.post('/api/v1/generations', () =>
        HttpResponse.json({ error: { code: 'invalid_field', message: 'seed must be a whole number' } }, { status: 422 }),
      ),
    );
    const { user } = await openGenerate({ user: ada, fakeTimers: true });
    await screen.findByTestId('credits');
    useFakeTimeouts();
    await user.click(generateButton());
    await settle();

    expect(screen.getByRole('alert')).toHaveTextContent('seed must be a whole number');
    expect(generateButton()).toHaveTextContent(/^Generate$/);
    advance(6000);
    expect(screen.queryByTestId('generating-overlay')).not.toBeInTheDocument();
  });

  it('shows the quota message with the reset time and a link to /Subscribe', async () => {
    server.use(
      http.post('/api/v1/generations', () =>
        HttpResponse.json(
          {
            error: {
              code: 'quota_exhausted',
              message: 'You have used all 10 credits for today. They reset at 2026-11-23T00:00:00Z.',
            },
          },
          { status: 429 },
        ),
      ),
    );
    const { user } = await openGenerate({ user: ada });
    await screen.findByTestId('credits');
    await user.click(generateButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You have used all 10 credits for today. They reset at 2026-11-23T00:00:00Z.');
    expect(alert).toHaveTextContent(/Your credits reset on .*2026/);
    expect(within(alert).getByRole('link', { name: /Upgrade to Premium/ })).toHaveAttribute('href', '/Subscribe');
  });

  it("shows an error event's message from the stream", async () => {
    const stream = controlledStream();
    server.use(http.post('/api/v1/generations', () => stream.response()));
    const { user } = await openGenerate({ user: ada });
    await user.click(generateButton());
    stream.send('error', { code: 'backend_failed', message: 'The image server failed. No credit was used.' });
    stream.close();
    expect(await screen.findByRole('alert')).toHaveTextContent('The image server failed. No credit was used.');
    expect(generateButton()).toBeEnabled();
  });

  it('reloads the credits after a generation', async () => {
    const { user } = await openGenerate({ user: ada });
    expect(await screen.findByTestId('credits')).toHaveTextContent('8 of 10 credits left');
    await user.click(generateButton());
    await waitFor(() => {
      expect(screen.getByTestId('credits')).toHaveTextContent('7 of 10 credits left');
    });
  });

  it("prefills every field from 'Try Again'", async () => {
    const params: Partial<GenerationRequest> = {
      prompt: 'A red fox in snow',
      negativePrompt: 'text',
      style: 'anime-v1',
      look: 'korean',
      seed: '77',
      steps: '25',
      enhance: false,
    };
    await openGenerate({ user: ada, state: { params } });
    expect(promptBox()).toHaveValue('A red fox in snow');
    expect(screen.getByRole('textbox', { name: 'Negative prompt' })).toHaveValue('text');
    expect(screen.getByRole('radio', { name: 'Anime V1' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Korean' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Seed' })).toHaveValue('77');
    expect(screen.getByRole('textbox', { name: 'Steps' })).toHaveValue('25');
    expect(screen.getByRole('switch', { name: '2x Inhance' })).not.toBeChecked();
  });
});
