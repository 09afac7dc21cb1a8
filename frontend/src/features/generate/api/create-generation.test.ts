import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { fakeAuth } from '@/testing/fake-firebase';
import { makeGeneration } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { sseResponse } from '@/testing/sse';
import type { GenerationRequest } from '@/types/api';

import { createGeneration, type GenerationProgress } from './create-generation';

const request: GenerationRequest = {
  prompt: 'A lighthouse at dawn',
  negativePrompt: '',
  style: 'real-v1.1',
  look: null,
  seed: '',
  steps: '',
  enhance: true,
  count: 1,
};

function signIn() {
  fakeAuth.addAccount({ email: 'ada@example.com' }, true);
}

describe('createGeneration', () => {
  it('asks for an event stream with the bearer token and reports queue position and progress', async () => {
    signIn();
    const generation = makeGeneration();
    const seen = vi.fn<(accept: string | null, authorization: string | null, body: unknown) => void>();
    server.use(
      http.post('/api/v1/generations', async ({ request: incoming }) => {
        seen(incoming.headers.get('Accept'), incoming.headers.get('Authorization'), await incoming.json());
        return sseResponse([
          { event: 'queued', data: { position: 2 } },
          { event: 'queued', data: { position: 1 } },
          { event: 'progress', data: { fraction: 0.4, etaSeconds: 3 } },
          { event: 'done', data: { generations: [generation] } },
        ]);
      }),
    );
    const progress: GenerationProgress[] = [];

    const result = await createGeneration(request, { onProgress: (update) => progress.push(update) });

    expect(result).toEqual([generation]);
    expect(progress).toEqual([
      { position: 2, fraction: null, etaSeconds: null },
      { position: 1, fraction: null, etaSeconds: null },
      { position: null, fraction: 0.4, etaSeconds: 3 },
    ]);
    const [accept, authorization, body] = seen.mock.calls[0] ?? [];
    expect(accept).toBe('text/event-stream');
    expect(authorization).toBe('Bearer token-for-uid-1');
    expect(body).toEqual(request);
  });

  it("rejects with the stream's error code and message", async () => {
    signIn();
    server.use(
      http.post('/api/v1/generations', () =>
        sseResponse([
          { event: 'queued', data: { position: 1 } },
          { event: 'error', data: { code: 'backend_timeout', message: 'The image took too long. No credit was used.' } },
        ]),
      ),
    );
    const error = await createGeneration(request).catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'backend_timeout', message: 'The image took too long. No credit was used.' });
  });

  it('rejects when the stream ends without an answer', async () => {
    signIn();
    server.use(http.post('/api/v1/generations', () => sseResponse([{ event: 'queued', data: { position: 1 } }])));
    await expect(createGeneration(request)).rejects.toMatchObject({ code: 'stream_closed' });
  });

  it('rejects with the HTTP error the gateway gives before streaming (a 422 naming the field)', async () => {
    signIn();
    server.use(
      http.post('/api/v1/generations', () =>
        HttpResponse.json({ error: { code: 'invalid_field', message: 'steps must be between 1 and 30' } }, { status: 422 }),
      ),
    );
    await expect(createGeneration(request)).rejects.toMatchObject({
      status: 422,
      code: 'invalid_field',
      message: 'steps must be between 1 and 30',
    });
  });

  it('also accepts a plain JSON answer, with one generation or several', async () => {
    signIn();
    const one = makeGeneration();
    server.use(http.post('/api/v1/generations', () => HttpResponse.json(one, { status: 201 })));
    await expect(createGeneration(request)).resolves.toEqual([one]);

    const many = [makeGeneration(), makeGeneration()];
    server.use(http.post('/api/v1/generations', () => HttpResponse.json(many, { status: 201 })));
    await expect(createGeneration(request)).resolves.toEqual(many);
  });

  it('accepts a done event carrying a single generation', async () => {
    signIn();
    const generation = makeGeneration();
    server.use(http.post('/api/v1/generations', () => sseResponse([{ event: 'done', data: { generation } }])));
    await expect(createGeneration(request)).resolves.toEqual([generation]);
  });
});
