import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ada, generateAndWait, generateButton, openGenerate } from '@/testing/generate-page';
import { db } from '@/testing/mocks/db';

const guidanceField = () => screen.getByRole('spinbutton', { name: 'Guidance (CFG)' });
const samplerField = () => screen.getByRole('combobox', { name: 'Sampler' });

describe('Generate page: guidance and sampler', () => {
  it("shows the style's guidance scale and the first sampler, within the catalog's limits, and sends them", async () => {
    const { user } = await openGenerate({ user: ada });
    expect(guidanceField()).toHaveValue(7);
    expect(guidanceField()).toHaveAttribute('placeholder', '7');
    expect(guidanceField()).toHaveAttribute('min', '1');
    expect(guidanceField()).toHaveAttribute('max', '20');
    expect(guidanceField()).toHaveAttribute('step', '0.5');
    expect(samplerField()).toHaveValue('dpmpp-2m');
    expect(within(samplerField()).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'DPM++ 2M',
      'Euler a',
      'Euler',
      'DPM++ SDE',
      'DDIM',
    ]);

    expect(await generateAndWait(user)).toMatchObject({ cfg: 7, sampler: 'dpmpp-2m' });
  });

  it('sends guidance 4.5 and the Euler a sampler when they are picked', async () => {
    const { user } = await openGenerate({ user: ada });
    await user.clear(guidanceField());
    await user.type(guidanceField(), '4.5');
    await user.selectOptions(samplerField(), 'Euler a');
    expect(guidanceField()).toHaveValue(4.5);
    expect(samplerField()).toHaveValue('euler-a');

    expect(await generateAndWait(user)).toMatchObject({ cfg: 4.5, sampler: 'euler-a' });
    // The fake gateway's image records them, as the gateway's does.
    expect(db.history[0]).toMatchObject({ cfg: 4.5, sampler: 'euler-a', size: 'square' });
  });

  it("follows the next style's guidance scale until one is typed, and sends the style's when the field is emptied", async () => {
    db.catalog = {
      ...db.catalog,
      styles: db.catalog.styles.map((style) => (style.id === 'anime-v1' ? { ...style, cfg: 5.5 } : style)),
    };
    const { user } = await openGenerate({ user: ada });
    await user.click(screen.getByRole('radio', { name: 'Anime V1' }));
    expect(guidanceField()).toHaveValue(5.5);

    await user.clear(guidanceField());
    expect(guidanceField()).toHaveAttribute('placeholder', '5.5');
    expect(await generateAndWait(user)).toMatchObject({ style: 'anime-v1', cfg: 5.5 });
  });

  it('offers neither guidance nor a sampler when the catalog lists no samplers, and sends neither', async () => {
    // As with the legacy backend, which draws with its own settings.
    db.catalog = { ...db.catalog, samplers: [] };
    const { user } = await openGenerate({ user: ada });
    expect(screen.queryByRole('spinbutton', { name: 'Guidance (CFG)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Sampler' })).not.toBeInTheDocument();

    const body = await generateAndWait(user);
    expect(body).not.toHaveProperty('cfg');
    expect(body).not.toHaveProperty('sampler');
  });

  it("shows the gateway's refusal of the guidance scale under the guidance field", async () => {
    const { user } = await openGenerate({ user: ada });
    await user.clear(guidanceField());
    await user.type(guidanceField(), '25');
    await user.click(generateButton());

    const said = 'cfg must be 1 to 20 in steps of 0.5';
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent(said);
    expect(guidanceField()).toHaveAttribute('aria-invalid', 'true');
    expect(guidanceField()).toHaveAccessibleDescription(expect.stringContaining(said));
    expect(guidanceField().parentElement).toContainElement(refusal);
    // Said once, under the field, and not again by the Generate button.
    expect(screen.getAllByRole('alert')).toEqual([refusal]);
    expect(samplerField()).not.toHaveAttribute('aria-invalid');
    expect(generateButton()).toBeEnabled();
  });

  it("shows the gateway's refusal of a sampler it does not take under the sampler", async () => {
    const { user } = await openGenerate({ user: ada });
    await user.selectOptions(samplerField(), 'DDIM');
    // A deploy took DDIM from the list after the page had loaded the catalog.
    db.catalog = { ...db.catalog, samplers: db.catalog.samplers.filter((sampler) => sampler.id !== 'ddim') };
    await user.click(generateButton());

    const said = 'sampler "ddim" is not one of dpmpp-2m, euler-a, euler, dpmpp-sde';
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent(said);
    expect(samplerField()).toHaveAttribute('aria-invalid', 'true');
    expect(samplerField()).toHaveAccessibleDescription(said);
    expect(screen.getAllByRole('alert')).toEqual([refusal]);
  });

  it('shows the refusal of a backend that takes no guidance under the guidance field', async () => {
    const { user } = await openGenerate({ user: ada });
    // The deploy moved to a backend that draws with its own settings after the page had loaded the catalog.
    db.catalog = { ...db.catalog, samplers: [] };
    await user.click(generateButton());

    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent(/^cfg cannot be chosen: this image backend draws with its own settings$/);
    expect(guidanceField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('alert')).toEqual([refusal]);
  });
});
