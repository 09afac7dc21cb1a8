import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { formatDateTime } from '@/lib/format';
import { DEFAULT_PROMPT } from '@/features/generate/defaults';
import { findTile } from '@/testing/gallery';
import { ada, generateButton, openGenerate, promptBox } from '@/testing/generate-page';
import { holdNextJob } from '@/testing/held-job';
import { db, makeGeneration, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { advance, settle, useFakeTimeouts } from '@/testing/timers';
import type { GenerationRequest } from '@/types/api';
import { readGalleryState } from '@/types/navigation';

describe('Generate page: generating', () => {
  /**
   * Signed in on /generate (with `options`), ready for fake timers; the job's event stream
   * stays open until the test sends its events.
   */
  async function openGenerateHolding(options: Parameters<typeof openGenerate>[0] = {}) {
    const stream = holdNextJob();
    const view = await openGenerate({ user: ada, fakeTimers: true, ...options });
    await screen.findByTestId('credits');
    return { ...view, stream };
  }

  it('sends a guest to /register without calling the gateway', async () => {
    const { user, router } = await openGenerate();
    await screen.findByText(/to get free credits every day/);
    await user.click(generateButton());
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/register');
    });
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
  });

  it('asks for a prompt rather than sending an empty one', async () => {
    const { user } = await openGenerate({ user: ada });
    await user.click(screen.getByRole('button', { name: 'Clear prompt' }));
    await user.click(generateButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please write a prompt first.');
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
  });

  it('follows the product timings: overlay after 2000 ms, busy cleared 400 ms and overlay 4000 ms after the answer', async () => {
    const created = makeGeneration({ id: 'created', prompt: DEFAULT_PROMPT });
    const { user, stream, router } = await openGenerateHolding({ state: { newIds: ['earlier'] } });
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
    expect(within(overlay).getByRole('link', { name: 'Generate Faster' })).toHaveAttribute('href', '/subscribe');
    // The overlay is laid over the form (position: fixed), which itself does not change.
    expect(form).not.toContainElement(overlay);
    expect(form?.outerHTML).toBe(formBefore);

    stream.send({ event: 'queued', data: { position: 2, etaSeconds: 5 } });
    await settle();
    expect(within(overlay).getByText('Position in queue: 2')).toBeInTheDocument();
    stream.send({ event: 'progress', data: { fraction: 0.4, etaSeconds: 3 }, id: '1-0' });
    await settle();
    expect(within(overlay).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(within(overlay).getByText('About 3 s left')).toBeInTheDocument();

    stream.send({ event: 'done', data: { generations: [created] }, id: '2-0' });
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
    expect(router.state.location.pathname).toBe('/generate');
    advance(1);
    expect(screen.queryByTestId('generating-overlay')).not.toBeInTheDocument();

    // The timings are done; the next page's code loads in real time.
    vi.useRealTimers();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/generation');
    });
    // The ids made earlier on this visit, then the new image's.
    expect(readGalleryState(router.state.location.state).newIds).toEqual([
      'earlier',
      'created',
    ]);
  });

  it('keeps keyboard focus inside the overlay while it is shown', async () => {
    const { user, stream } = await openGenerateHolding();
    useFakeTimeouts();
    await user.click(generateButton());
    await settle();
    advance(2000);

    const overlay = screen.getByRole('dialog', { name: 'Generating . . .' });
    const upgrade = within(overlay).getByRole('link', { name: 'Generate Faster' });
    const cancel = within(overlay).getByRole('button', { name: 'Cancel' });
    expect(overlay).toHaveFocus();
    await user.tab();
    expect(upgrade).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(upgrade).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
    stream.close();
  });

  it('shows no overlay before 2000 ms when the answer is a failure, and clears busy at once', async () => {
    server.use(
      http.post('/api/v1/jobs', () => fail('POST /api/v1/jobs', 422, 'invalid_field', 'seed must be a whole number')),
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

  it('shows the quota message with the reset time and a link to /subscribe', async () => {
    server.use(
      http.post('/api/v1/jobs', () =>
        fail(
          'POST /api/v1/jobs',
          429,
          'quota_exhausted',
          'You have used all 10 credits for today. They reset at 2026-11-23T00:00:00Z.',
        ),
      ),
    );
    const { user } = await openGenerate({ user: ada });
    await screen.findByTestId('credits');
    await user.click(generateButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You have used all 10 credits for today.');
    expect(alert).not.toHaveTextContent('2026-11-23T00:00:00Z');
    expect(alert).toHaveTextContent(/Your credits reset on .*2026/);
    expect(within(alert).getByRole('link', { name: /Upgrade to Premium/ })).toHaveAttribute('href', '/subscribe');
  });

  it('disables Generate once every credit is spent, saying when they come back in local time', async () => {
    db.quota = { used: 10, limit: 10, bonus: 0, resetsAt: '2026-11-23T00:00:00Z' };
    await openGenerate({ user: ada });

    const note = await screen.findByTestId('credits-spent');
    expect(note).toHaveTextContent(`No credits left: they come back ${formatDateTime('2026-11-23T00:00:00Z')}.`);
    await waitFor(() => {
      expect(generateButton()).toBeDisabled();
    });
    expect(generateButton()).toHaveAccessibleDescription(/No credits left: they come back/);
  });

  it('tells a free user before any image that free results are blurred, and a Premium user nothing of it', async () => {
    const { unmount } = await openGenerate({ user: ada });
    const note = await screen.findByTestId('free-blur-note');
    expect(note).toHaveTextContent('Free results are blurred. Premium shows them sharp and lets you download them.');
    expect(within(note).getByRole('link', { name: 'Premium' })).toHaveAttribute('href', '/subscribe');
    unmount();

    db.plan = 'pro';
    await openGenerate({ user: ada });
    await screen.findByTestId('credits');
    expect(screen.queryByTestId('free-blur-note')).not.toBeInTheDocument();
  });

  it("shows an error event's message from the stream", async () => {
    const stream = holdNextJob();
    const { user } = await openGenerate({ user: ada });
    await user.click(generateButton());
    stream.send({ event: 'error', data: { code: 'backend_failed', message: 'The image server failed. No credit was used.' }, id: '1-0' });
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
      size: 'portrait',
      look: 'korean',
      seed: '77',
      steps: '25',
      enhance: false,
      cfg: 4.5,
      sampler: 'euler-a',
    };
    await openGenerate({ user: ada, state: { params } });
    expect(promptBox()).toHaveValue('A red fox in snow');
    expect(screen.getByRole('textbox', { name: 'Negative prompt' })).toHaveValue('text');
    expect(screen.getByRole('radio', { name: 'Anime V1' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Portrait 2:3 · 512×768' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Korean' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Seed' })).toHaveValue('77');
    expect(screen.getByRole('textbox', { name: 'Steps' })).toHaveValue('25');
    expect(screen.getByRole('switch', { name: '2x Enhance' })).not.toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Guidance (CFG)' })).toHaveValue(4.5);
    expect(screen.getByRole('combobox', { name: 'Sampler' })).toHaveValue('euler-a');
  });

  it('opens the gallery on the new images as the gateway lists them, among the saved ones', async () => {
    db.history = [makeGeneration({ prompt: 'Made yesterday' })];
    const { user } = await openGenerate({ user: ada, plan: 'pro', fakeTimers: true });
    await screen.findByTestId('credits');
    useFakeTimeouts();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Images' }), '3');
    await user.click(generateButton());
    // Through the overlay's timings (the test above follows them to the millisecond).
    for (let waited = 0; waited < 6000; waited += 500) {
      await settle();
      advance(500);
    }
    vi.useRealTimers();

    const yesterday = await findTile('Made yesterday');
    const cards = screen.getAllByTestId('generation-card');
    expect(cards).toHaveLength(4);
    expect(cards.map((card) => within(card).queryByText('New') !== null)).toEqual([true, true, true, false]);
    expect(cards.at(-1)).toBe(yesterday);
    // One job: its three images in one group under their prompt.
    expect(within(screen.getByRole('list', { name: DEFAULT_PROMPT })).getAllByTestId('generation-card')).toHaveLength(3);
    expect(screen.queryByText(/No saved images yet/)).not.toBeInTheDocument();
    await waitFor(() => {
      expect(cards[0]).toHaveFocus();
    });
  });
});
