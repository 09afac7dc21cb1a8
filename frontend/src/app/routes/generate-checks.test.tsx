import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ada, generateAndWait, generateButton, openGenerate, promptBox } from '@/testing/generate-page';
import { requestsTo } from '@/testing/mocks/db';
import { HttpResponse } from 'msw';

import { fail, http, invalidFields } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

const seedBox = () => screen.getByRole('textbox', { name: 'Seed' });
const stepsBox = () => screen.getByRole('textbox', { name: 'Steps' });
const cfgBox = () => screen.getByRole('spinbutton', { name: 'Guidance (CFG)' });
const promptText = () => (promptBox() as HTMLTextAreaElement).value;

describe('Generate page: the numeric fields are checked before sending', () => {
  it('says every problem by its field at once, sends nothing, and puts the keyboard on the first', async () => {
    const { user } = await openGenerate({ user: ada });
    await user.type(seedBox(), 'abc');
    await user.type(stepsBox(), '31');
    await user.clear(cfgBox());
    await user.type(cfgBox(), '25');

    await user.click(generateButton());

    expect(seedBox()).toHaveAccessibleDescription(/^seed must be a whole number from 0 to 4294967295, or -1 or empty/);
    expect(seedBox()).toHaveAttribute('aria-invalid', 'true');
    expect(stepsBox()).toHaveAccessibleDescription(/^steps must be 1 to 30 \(up to 50 with Premium\)/);
    expect(cfgBox()).toHaveAccessibleDescription(/^cfg must be 1 to 20 in steps of 0\.5/);
    await waitFor(() => {
      expect(seedBox()).toHaveFocus();
    });
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
  });

  it('follows the fixes as they are typed, and sends once all are right', async () => {
    const { user } = await openGenerate({ user: ada });
    await user.type(seedBox(), '1.5');
    await user.type(stepsBox(), '0');
    await user.click(generateButton());
    expect(stepsBox()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => {
      expect(seedBox()).toHaveFocus();
    });

    await user.clear(seedBox());
    await user.type(seedBox(), '4294967295');
    expect(seedBox()).not.toHaveAttribute('aria-invalid');
    expect(stepsBox()).toHaveAttribute('aria-invalid', 'true');
    await user.clear(stepsBox());
    await user.type(stepsBox(), '30');

    expect(await generateAndWait(user)).toMatchObject({ seed: '4294967295', steps: '30' });
  });

  it('lets a pro user ask for up to 50 steps', async () => {
    const { user } = await openGenerate({ user: ada, plan: 'pro' });
    await user.type(stepsBox(), '51');
    await user.click(generateButton());
    expect(stepsBox()).toHaveAccessibleDescription(/^steps must be 1 to 50/);
    await user.clear(stepsBox());
    await user.type(stepsBox(), '50');
    expect((await generateAndWait(user)).steps).toBe('50');
  });

  it.each([['-1'], ['']])('sends seed %j, a random seed as in A1111', async (seed) => {
    const { user } = await openGenerate({ user: ada });
    if (seed) await user.type(seedBox(), seed);
    expect((await generateAndWait(user)).seed).toBe(seed);
  });
});

describe("Generate page: the gateway's word on a field", () => {
  it.each([
    ['Steps', 'steps: steps must be 1 to 30', 'steps must be 1 to 30'],
    ['Seed', 'seed: seed is at most 4294967295', 'seed is at most 4294967295'],
    ['Prompt', 'prompt: prompt is required', 'prompt is required'],
    ['Negative prompt', 'negativePrompt: negativePrompt is at most 500 characters', 'negativePrompt is at most 500 characters'],
  ])('is said under %s, after its colon, not again by the button, and the keyboard goes there', async (label, message, problem) => {
    server.use(http.post('/api/v1/jobs', () => fail('POST /api/v1/jobs', 422, 'invalid_field', message)));
    const { user } = await openGenerate({ user: ada });
    await user.click(generateButton());

    const field = screen.getByRole('textbox', { name: label });
    await waitFor(() => {
      expect(field).toHaveAccessibleDescription(new RegExp(problem));
    });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([problem]);
    // The field may be far above the Generate button the user pressed.
    await waitFor(() => {
      expect(field).toHaveFocus();
    });
  });

  it("stays by its field while the form's own checks say theirs, all at once", async () => {
    let sent = 0;
    server.use(
      http.post('/api/v1/jobs', () => {
        sent += 1;
        return fail('POST /api/v1/jobs', 422, 'invalid_field', 'prompt: prompt is required');
      }),
    );
    const { user } = await openGenerate({ user: ada });
    await user.click(generateButton());
    await waitFor(() => {
      expect(promptBox()).toHaveAccessibleDescription(/prompt is required/);
    });
    // The keyboard goes to the faulty field on the next frame; typing before it lands would
    // write into the prompt box instead.
    await waitFor(() => {
      expect(promptBox()).toHaveFocus();
    });

    await user.type(seedBox(), 'x');
    await user.type(stepsBox(), '99');
    await user.click(generateButton());
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'prompt is required',
      expect.stringMatching(/^seed must be a whole number/),
      expect.stringMatching(/^steps must be 1 to 30/),
    ]);
    expect(sent).toBe(1);
  });

  it('is said under the image count for a pro user', async () => {
    server.use(http.post('/api/v1/jobs', () => fail('POST /api/v1/jobs', 422, 'invalid_field', 'count: count must be 1 to 4')));
    const { user } = await openGenerate({ user: ada, plan: 'pro' });
    await user.click(generateButton());
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Images' })).toHaveAccessibleDescription('count must be 1 to 4');
    });
  });

  it('says every field the gateway finds at fault by its field, at once', async () => {
    server.use(
      http.post('/api/v1/jobs', () =>
        invalidFields('POST /api/v1/jobs', [
          ['prompt', 'prompt is required'],
          ['seed', 'seed is at most 4294967295'],
          ['steps', 'steps must be 1 to 30'],
        ]),
      ),
    );
    const { user } = await openGenerate({ user: ada });
    await user.click(generateButton());

    await waitFor(() => {
      expect(promptBox()).toHaveAccessibleDescription(/prompt is required/);
    });
    expect(seedBox()).toHaveAccessibleDescription(/seed is at most 4294967295/);
    expect(stepsBox()).toHaveAccessibleDescription(/steps must be 1 to 30/);
    for (const field of [promptBox(), seedBox(), stepsBox()]) expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'prompt is required',
      'seed is at most 4294967295',
      'steps must be 1 to 30',
    ]);
  });

  it('says a field the form does not show beside Generate, whole, and the others by their fields', async () => {
    server.use(
      http.post('/api/v1/jobs', () =>
        invalidFields('POST /api/v1/jobs', [
          ['look', 'look "x" does not exist'],
          ['steps', 'steps must be 1 to 30'],
          ['style', 'style "y" does not exist'],
        ]),
      ),
    );
    const { user } = await openGenerate({ user: ada });
    await user.click(generateButton());

    await waitFor(() => {
      expect(stepsBox()).toHaveAccessibleDescription(/steps must be 1 to 30/);
    });
    const [byField, byButton] = screen.getAllByRole('alert');
    expect(byField).toHaveTextContent(/^steps must be 1 to 30$/);
    expect(generateButton().parentElement).toContainElement(byButton ?? null);
    expect(byButton).toContainElement(screen.getByText('look: look "x" does not exist'));
    expect(byButton).toContainElement(screen.getByText('style: style "y" does not exist'));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it("reads a gateway's answer without `fields` by its `field`", async () => {
    server.use(
      http.untyped.post('/api/v1/jobs', () =>
        HttpResponse.json(
          { error: { code: 'invalid_field', message: 'seed: seed is at most 4294967295', field: 'seed' } },
          { status: 422 },
        ),
      ),
    );
    const { user } = await openGenerate({ user: ada });
    await user.click(generateButton());
    await waitFor(() => {
      expect(seedBox()).toHaveAccessibleDescription(/seed is at most 4294967295/);
    });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['seed is at most 4294967295']);
  });

  it("is said beside Generate, whole, for a field the form does not show", async () => {
    server.use(http.post('/api/v1/jobs', () => fail('POST /api/v1/jobs', 422, 'invalid_field', 'look: look "x" does not exist')));
    const { user } = await openGenerate({ user: ada });
    await user.click(generateButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('look: look "x" does not exist');
  });
});

describe('Generate page: the keyboard', () => {
  it.each([['Control'], ['Meta']])('generates on %s+Enter in the prompt, and adds no line', async (key) => {
    const { user } = await openGenerate({ user: ada });
    await user.click(promptBox());
    await user.keyboard(`{${key}>}{Enter}{/${key}}`);
    await waitFor(() => {
      expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(1);
    });
    expect(promptText()).not.toContain('\n');
  });

  it('adds a line on Enter alone', async () => {
    const { user } = await openGenerate({ user: ada });
    await user.click(promptBox());
    await user.keyboard('{Enter}');
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
    expect(promptText()).toContain('\n');
  });
});

describe('Generate page: style samples', () => {
  it('shows each style’s sample from the catalog, named by the style, lazily and at its size', async () => {
    await openGenerate();
    const sample = screen.getByRole('img', { name: 'Anime V1 sample' });
    expect(sample).toHaveAttribute('src', '/api/v1/styles/anime-v1/sample');
    expect(sample).toHaveAttribute('loading', 'lazy');
    expect(sample).toHaveAttribute('width', '256');
    expect(sample).toHaveAttribute('height', '256');
    // The radio is named by its label alone.
    expect(screen.getByRole('radio', { name: 'Anime V1' })).toBeInTheDocument();
  });
});
