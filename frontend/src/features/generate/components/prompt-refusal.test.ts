import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { refusalOf } from './prompt-refusal';

describe('refusalOf', () => {
  it('carries the field, the words and whether the refusal counts', () => {
    const refused = { category: 'real_person', words: ['Taylor Swfit'], strike: false };
    expect(refusalOf(new ApiError(422, 'prompt_refused', 'please rephrase', { field: 'negativePrompt', refused }))).toEqual({
      field: 'negativePrompt',
      message: 'please rephrase',
      words: ['Taylor Swfit'],
      strike: false,
    });
  });

  it("counts a refusal that does not say, such as a flagged image's from the job's events", () => {
    expect(refusalOf(new ApiError(200, 'prompt_refused', 'the image was flagged'))).toEqual({
      field: 'prompt',
      message: 'the image was flagged',
      words: [],
      strike: true,
    });
  });

  it('is null for any other error', () => {
    expect(refusalOf(new ApiError(422, 'invalid_field', 'seed: must be a whole number'))).toBeNull();
    expect(refusalOf(new Error('prompt_refused'))).toBeNull();
  });
});
