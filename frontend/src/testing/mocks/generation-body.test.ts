import { describe, expect, it } from 'vitest';

import { client } from '@/lib/api-client';
import type { GenerationRequest } from '@/types/api';

import { fakeAuth } from '../fake-firebase';

import { db } from './db';

/** The fake gateway's answer to `body` from a signed-in free user: its status and error. */
async function generate(body: GenerationRequest) {
  fakeAuth.addAccount({ email: 'ada@example.com' }, true);
  const { response, error } = await client.POST('/api/v1/jobs', { body });
  return { status: response.status, error: error?.error };
}

describe("The fake gateway's checks of a generation", () => {
  it('tells every field at fault at once, before what a free user may not ask, as the gateway does', async () => {
    // tests/api/generations.rs: every_field_at_fault_is_told_at_once_before_what_a_free_user_may_not_ask
    const { status, error } = await generate({ prompt: ' ', seed: 'twelve', steps: 0, cfg: 99, style: 'anime-v1', count: 4 });

    expect(status).toBe(422);
    expect(error).toEqual({
      code: 'invalid_field',
      message: 'prompt: prompt is required',
      field: 'prompt',
      fields: [
        { field: 'prompt', message: 'prompt: prompt is required' },
        { field: 'cfg', message: 'cfg: cfg must be 1 to 20 in steps of 0.5' },
        { field: 'seed', message: 'seed: seed must be a whole number, or empty for the default' },
        { field: 'steps', message: 'steps: steps must be 1 to 30' },
      ],
    });
  });

  it('lists one field at fault in `fields` too', async () => {
    const { error } = await generate({ prompt: 'a cat', look: 'martian' });
    expect(error).toMatchObject({ field: 'look', fields: [{ field: 'look', message: 'look: look "martian" does not exist' }] });
  });

  it.each<[string, GenerationRequest]>([
    ['several images at once is a Premium feature', { prompt: 'a cat', count: 4 }],
    ['the Custom V1 style is a Premium feature', { prompt: 'a cat', style: 'custom-v1' }],
    ['this look is a Premium feature', { prompt: 'a cat', look: 'nordic' }],
    ['more than 30 steps (high quality) is a Premium feature', { prompt: 'a cat', steps: '40' }],
  ])('refuses a valid body asking Premium for a free user: %s', async (message, body) => {
    expect(await generate(body)).toEqual({ status: 403, error: { code: 'pro_required', message } });
  });

  it('refuses the NSFW style without the 18+ confirmation once every field is right', async () => {
    db.ageConfirmed = false;
    expect((await generate({ prompt: 'a cat', style: 'nsfw-v1.1', seed: 'x' })).status).toBe(422);
    expect(await generate({ prompt: 'a cat', style: 'nsfw-v1.1' })).toEqual({
      status: 403,
      error: { code: 'age_confirmation_required', message: 'the NSFW V1.1 style needs you to confirm you are 18 or older' },
    });
  });
});
