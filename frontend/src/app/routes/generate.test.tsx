import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { routes } from '@/app/router';
import { DEFAULT_PROMPT } from '@/features/generate/defaults';
import { ada, generateAndWait, generateButton, openGenerate, promptBox } from '@/testing/generate-page';
import { RENDERER_LABEL } from '@/testing/mocks/catalog';
import { db, requestsTo } from '@/testing/mocks/db';
import { refuse } from '@/testing/mocks/gateway';
import { http } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';
import type { GenerationRequest } from '@/types/api';

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

  it('leads free users to /subscribe from the Pro add tile, pro-only looks and styles, and multiple images', async () => {
    await openGenerate({ user: ada });
    await waitFor(() => {
      expect(screen.getByTestId('credits')).toBeInTheDocument();
    });
    for (const name of ['More looks Pro', 'Nordic Pro', 'Custom V1 Pro', 'Several images at once Pro']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', '/subscribe');
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

  it("has empty seed and step fields with placeholders 'Random' and 30, sent as typed", async () => {
    const { user } = await openGenerate({ user: ada });
    const seed = screen.getByRole('textbox', { name: 'Seed' });
    const steps = screen.getByRole('textbox', { name: 'Steps' });
    expect(seed).toHaveValue('');
    // Empty is a random seed: the placeholder must not read as a number that would be sent.
    expect(seed).toHaveAttribute('placeholder', 'Random');
    expect(steps).toHaveValue('');
    expect(steps).toHaveAttribute('placeholder', '30');

    await user.type(seed, '42');
    const body = await generateAndWait(user);
    expect(body).toMatchObject({ seed: '42', steps: '', count: 1, negativePrompt: '', prompt: DEFAULT_PROMPT });
  });

  it("sends an empty seed, which the gateway draws at random, when the seed is left at 'Random'", async () => {
    const { user } = await openGenerate({ user: ada });
    expect(screen.getByRole('textbox', { name: 'Seed' })).toHaveAccessibleDescription(/Leave the seed empty \(or -1\) for a random one/);
    expect((await generateAndWait(user)).seed).toBe('');
  });

  it("has '2x Enhance' on by default and sends it as enhance", async () => {
    const { user } = await openGenerate({ user: ada });
    const enhance = screen.getByRole('switch', { name: '2x Enhance' });
    expect(enhance).toBeChecked();
    await user.click(enhance);
    expect((await generateAndWait(user)).enhance).toBe(false);
  });

  it('says a refused prompt beside Generate, announced, with the words and a link to the rules, and marks the prompt', async () => {
    server.use(
      http.post('/api/v1/jobs', () =>
        refuse(
          'POST /api/v1/jobs',
          'prompt',
          'minor',
          ['15 year old'],
          'Lucent never makes sexual or explicit images of anyone under 18, or that suggest it (15 year old)',
        ),
      ),
    );
    const { user } = await openGenerate({ user: ada });
    await user.clear(promptBox());
    await user.type(promptBox(), 'nude 15 year old');
    await user.click(generateButton());

    const refusal = await screen.findByTestId('prompt-refusal');
    expect(refusal).toHaveAttribute('role', 'alert');
    expect(generateButton().parentElement).toContainElement(refusal);
    expect(refusal).toHaveTextContent('Refused because of: 15 year old.');
    expect(refusal).toHaveTextContent('Nothing was charged.');
    expect(within(refusal).getByRole('link', { name: 'What Lucent never makes' })).toHaveAttribute(
      'href',
      '/terms-of-service#content-rules',
    );
    expect(promptBox()).toHaveAttribute('aria-invalid', 'true');
    expect(promptBox()).toHaveAccessibleDescription(/15 year old/);
  });

  it('marks the negative prompt when it is the part refused', async () => {
    server.use(
      http.post('/api/v1/jobs', () =>
        refuse(
          'POST /api/v1/jobs',
          'negativePrompt',
          'minor',
          ['adult'],
          'Lucent never makes sexual or explicit images of anyone under 18 (adult)',
        ),
      ),
    );
    const { user } = await openGenerate({ user: ada });
    const negative = screen.getByRole('textbox', { name: 'Negative prompt' });
    await user.type(negative, 'adult');
    await user.click(generateButton());

    expect(await screen.findByTestId('prompt-refusal')).toHaveTextContent('adult');
    expect(negative).toHaveAttribute('aria-invalid', 'true');
    expect(negative).toHaveAccessibleDescription(/adult/);
    expect(promptBox()).not.toHaveAttribute('aria-invalid');
  });

  it('sends the negative prompt', async () => {
    const { user } = await openGenerate({ user: ada });
    await user.type(screen.getByRole('textbox', { name: 'Negative prompt' }), 'blurry');
    expect((await generateAndWait(user)).negativePrompt).toBe('blurry');
  });

  it('shows the credits left and the local renderer note', async () => {
    db.quota = { used: 3, limit: 10, bonus: 0, resetsAt: '2026-11-23T00:00:00Z' };
    await openGenerate({ user: ada });
    expect(await screen.findByTestId('credits')).toHaveTextContent('7 of 10 credits left');
    expect(screen.getByTestId('renderer-note')).toHaveTextContent(RENDERER_LABEL);
  });

  it("counts support's bonus credits as the limit does", async () => {
    db.quota = { used: 3, limit: 15, bonus: 5, resetsAt: '2026-11-23T00:00:00Z' };
    await openGenerate({ user: ada });
    expect(await screen.findByTestId('credits')).toHaveTextContent('12 of 15 credits left');
  });

  it('shows no renderer note when a real model answers', async () => {
    db.catalog = { ...db.catalog, renderer: { kind: 'a1111', label: 'Stable Diffusion' } };
    await openGenerate();
    expect(screen.queryByTestId('renderer-note')).not.toBeInTheDocument();
  });
});

describe('Generate page: the style sent is one the catalog gives', () => {
  /** Signed in as Ada on /generate (with Try Again's `params`) while the catalog is on its way. */
  async function openGenerateBeforeCatalog(params?: Partial<GenerationRequest>) {
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    server.use(
      http.get('/api/v1/catalog', async ({ response }) => {
        await arrived;
        return response(200).json(db.catalog);
      }),
    );
    const view = renderApp(routes, { url: '/generate', user: ada, state: params && { params } });
    await screen.findByTestId('credits');
    return { ...view, arrive };
  }

  it("keeps Generate disabled until the styles have loaded, then sends the catalog's default", async () => {
    const { user, arrive } = await openGenerateBeforeCatalog();
    expect(screen.getByText('Loading styles…')).toHaveAttribute('role', 'status');
    expect(generateButton()).toBeDisabled();
    await user.click(generateButton());
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);

    arrive();
    expect(await screen.findByRole('radio', { name: 'Real V1.1' })).toBeChecked();
    expect(generateButton()).toBeEnabled();
    expect((await generateAndWait(user)).style).toBe('real-v1.1');
  });

  it("sends the style 'Try Again' restored once the catalog lists it", async () => {
    const { user, arrive } = await openGenerateBeforeCatalog({ prompt: 'A red fox in snow', style: 'anime-v1' });
    expect(generateButton()).toBeDisabled();

    arrive();
    expect(await screen.findByRole('radio', { name: 'Anime V1' })).toBeChecked();
    expect((await generateAndWait(user)).style).toBe('anime-v1');
  });

  it("sends the catalog's default in place of a restored style it no longer lists", async () => {
    const { user } = await openGenerate({ user: ada, state: { params: { prompt: 'A red fox in snow', style: 'retired-v0' } } });
    expect(screen.getByRole('radio', { name: 'Real V1.1' })).toBeChecked();
    expect((await generateAndWait(user)).style).toBe('real-v1.1');
  });

  it('keeps Generate disabled while the styles could not be loaded, until they load on Try again', async () => {
    server.use(
      // Not the gateway's answer (the catalog has no error of its own): a proxy's.
      http.untyped.get('/api/v1/catalog', () => new HttpResponse('Bad Gateway', { status: 502 }), { once: true }),
    );
    const { user } = renderApp(routes, { url: '/generate', user: ada });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Styles could not be loaded');
    await screen.findByTestId('credits');
    expect(generateButton()).toBeDisabled();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: 'Real V1.1' })).toBeChecked();
    expect(generateButton()).toBeEnabled();
  });
});

describe('Generate page: the 18+ confirmation for the explicit style', () => {
  /** A signed-in user without the 18+ confirmation chooses the explicit style. */
  async function chooseNsfwUnconfirmed() {
    db.ageConfirmed = false;
    const view = await openGenerate({ user: ada });
    await screen.findByTestId('credits');
    await view.user.click(screen.getByRole('radio', { name: /NSFW V1\.1/ }));
    return view;
  }

  it('asks before selecting NSFW V1.1 and records the confirmation on the profile', async () => {
    const { user } = await chooseNsfwUnconfirmed();

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
    const { user } = await chooseNsfwUnconfirmed();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('radio', { name: 'Real V1.1' })).toBeChecked();
    expect(requestsTo('POST', '/api/v1/me')).toHaveLength(0);
  });

  it('keeps keyboard focus inside the dialog, closes on Escape and gives focus back to the tile', async () => {
    const { user } = await chooseNsfwUnconfirmed();
    const nsfw = screen.getByRole('radio', { name: /NSFW V1\.1/ });

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
