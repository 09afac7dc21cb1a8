import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { makeGeneration } from '@/testing/mocks/records';

import { endOf } from './job-update';

describe('endOf', () => {
  it('ends a succeeded job with its images', () => {
    const made = makeGeneration({ id: 'made' });
    expect(endOf({ id: 'job-1', status: 'succeeded', generations: [made] })).toEqual({ kind: 'done', generations: [made] });
  });

  it("ends a failed job with the gateway's code and message", () => {
    const end = endOf({ id: 'job-1', status: 'failed', error: { code: 'backend_failed', message: 'The image server failed.' } });
    expect(end).toEqual({ kind: 'failed', error: expect.any(ApiError) as unknown });
    expect(end).toMatchObject({ error: { code: 'backend_failed', message: 'The image server failed.' } });
  });

  it('ends a failed job that says nothing with a message that still reads well', () => {
    expect(endOf({ id: 'job-1', status: 'failed', error: null })).toMatchObject({
      kind: 'failed',
      error: { code: 'backend_failed', message: 'The image could not be generated. Please try again.' },
    });
  });

  it('ends a canceled job as canceled', () => {
    expect(endOf({ id: 'job-1', status: 'canceled' })).toEqual({ kind: 'canceled' });
  });

  it('has no end yet for a job in line or running', () => {
    expect(endOf({ id: 'job-1', status: 'queued', position: 1 })).toBeNull();
    expect(endOf({ id: 'job-1', status: 'running' })).toBeNull();
  });
});
