import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { fakeAuth } from '@/testing/fake-firebase';
import { refuse } from '@/testing/mocks/gateway';
import { fail, http } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

import { ApiError, client, fetchFile, invalidField, invalidFields, unwrap, unwrapFile } from './api-client';

const catalog = () => unwrap(client.GET('/api/v1/catalog'));
const deleteG1 = () => unwrap(client.DELETE('/api/v1/generations/{id}', { params: { path: { id: 'g1' } } }));
const submit = () => unwrap(client.POST('/api/v1/jobs', { body: { prompt: 'a beach' } }));

function echoAuthorization() {
  server.use(
    http.untyped.get('/api/v1/catalog', ({ request }) =>
      HttpResponse.json({ authorization: request.headers.get('Authorization') }),
    ),
  );
}

describe('api client', () => {
  it("sends the signed-in user's ID token as a bearer token", async () => {
    echoAuthorization();
    fakeAuth.addAccount({ email: 'ada@example.com' }, true);
    await expect(catalog()).resolves.toEqual({ authorization: 'Bearer token-for-uid-1' });
  });

  it('sends no Authorization header for a guest', async () => {
    echoAuthorization();
    await expect(catalog()).resolves.toEqual({ authorization: null });
  });

  it('sends the body as JSON', async () => {
    server.use(
      http.untyped.post('/api/v1/me', async ({ request }) =>
        HttpResponse.json({ contentType: request.headers.get('Content-Type'), body: await request.json() }),
      ),
    );
    await expect(unwrap(client.POST('/api/v1/me', { body: { username: 'Ada' } }))).resolves.toEqual({
      contentType: 'application/json',
      body: { username: 'Ada' },
    });
  });

  it('resolves to undefined for 204 No Content', async () => {
    server.use(http.delete('/api/v1/generations/{id}', ({ response }) => response(204).empty()));
    await expect(deleteG1()).resolves.toBeUndefined();
  });

  it("turns the gateway's error body into an ApiError", async () => {
    server.use(
      http.delete('/api/v1/generations/{id}', () =>
        fail('DELETE /api/v1/generations/{id}', 403, 'account_suspended', 'Your account is under review'),
      ),
    );
    const error = await deleteG1().catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'account_suspended', message: 'Your account is under review' });
  });

  it("carries a refusal's rule, its words and whether it counts", async () => {
    server.use(
      http.post('/api/v1/jobs', () =>
        refuse(
          'POST /api/v1/jobs',
          'prompt',
          'real_person',
          ['Taylor Swfit'],
          'Lucent never makes explicit images of real people',
          false,
        ),
      ),
    );
    await expect(submit()).rejects.toMatchObject({
      status: 422,
      code: 'prompt_refused',
      field: 'prompt',
      refused: { category: 'real_person', words: ['Taylor Swfit'], strike: false },
    });
  });

  it('counts a refusal that does not say whether it counts', async () => {
    server.use(
      http.untyped.post('/api/v1/jobs', () =>
        HttpResponse.json(
          { error: { code: 'prompt_refused', message: 'refused', field: 'prompt', category: 'minor', words: ['15 year old'] } },
          { status: 422 },
        ),
      ),
    );
    await expect(submit()).rejects.toMatchObject({ refused: { category: 'minor', words: ['15 year old'], strike: true } });
  });

  it('carries the seconds Retry-After asks to wait', async () => {
    server.use(
      http.get('/api/v1/me/export', () => {
        const answer = fail('GET /api/v1/me/export', 429, 'rate_limited', 'too many requests; slow down and try again shortly');
        answer.headers.set('Retry-After', '42');
        return answer;
      }),
    );
    await expect(unwrapFile(client.GET('/api/v1/me/export', { parseAs: 'blob' }))).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfter: 42,
    });
  });

  it('falls back to the status when the error body is not the gateway’s', async () => {
    server.use(http.untyped.get('/api/v1/catalog', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await expect(catalog()).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'Request failed with status 502',
    });
  });

  it('reports an unreachable gateway as a network error', async () => {
    server.use(http.untyped.get('/api/v1/catalog', () => HttpResponse.error()));
    await expect(catalog()).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('fetches a file with the token and the name from Content-Disposition', async () => {
    fakeAuth.addAccount({ email: 'ada@example.com' }, true);
    server.use(
      http.untyped.get('/api/v1/generations/g1/image', ({ request }) =>
        request.headers.get('Authorization') === 'Bearer token-for-uid-1'
          ? new HttpResponse(new Uint8Array([1, 2, 3]), {
              headers: {
                'Content-Type': 'image/png',
                'Content-Disposition': 'attachment; filename="generated_image_Ab3dE6gH.png"',
              },
            })
          : new HttpResponse(null, { status: 401 }),
      ),
    );
    const file = await fetchFile('/api/v1/generations/g1/image?download=1');
    expect(file.filename).toBe('generated_image_Ab3dE6gH.png');
    expect(file.blob.size).toBe(3);
  });

  it('reads the RFC 5987 form of the file name', async () => {
    server.use(
      http.untyped.get('/api/v1/file', () =>
        new HttpResponse('x', { headers: { 'Content-Disposition': "attachment; filename*=UTF-8''image%20one.png" } }),
      ),
    );
    await expect(fetchFile('/api/v1/file')).resolves.toMatchObject({ filename: 'image one.png' });
  });

  it("turns a file's error answer into an ApiError", async () => {
    await expect(fetchFile('/api/v1/generations/g1/image?download=1')).rejects.toMatchObject({
      status: 401,
      code: 'token_missing',
    });
  });

  it('never sends the token to another origin', async () => {
    fakeAuth.addAccount({ email: 'ada@example.com' }, true);
    await expect(fetchFile('https://evil.example/steal')).rejects.toMatchObject({ code: 'bad_url' });
    await expect(fetchFile('//evil.example/steal')).rejects.toMatchObject({ code: 'bad_url' });
  });
});

describe('invalidField', () => {
  it('reads the field a 422 message names in front ("<field>: <problem>")', () => {
    expect(invalidField(new ApiError(422, 'invalid_field', 'reason: is at most 500 characters'))).toEqual({
      field: 'reason',
      problem: 'is at most 500 characters',
      message: 'reason: is at most 500 characters',
    });
  });

  it("prefers the body's field, and keeps the message whole when it does not start with it", () => {
    expect(invalidField(new ApiError(422, 'invalid_field', 'until: is in the past', { field: 'until' }))).toEqual({
      field: 'until',
      problem: 'is in the past',
      message: 'until: is in the past',
    });
    expect(invalidField(new ApiError(422, 'invalid_field', 'must say why', { field: 'reason' }))).toEqual({
      field: 'reason',
      problem: 'must say why',
      message: 'must say why',
    });
  });

  it('is null for other codes, other errors and messages without a field in front', () => {
    expect(invalidField(new ApiError(422, 'invalid_field', 'seed must be a whole number'))).toBeNull();
    expect(invalidField(new ApiError(403, 'own_record', 'staff: cannot change their own record'))).toBeNull();
    expect(invalidField(new Error('reason: is at most 500 characters'))).toBeNull();
  });
});

describe('invalidFields', () => {
  it("reads every field of the body's `fields`, in its order", async () => {
    const fields = [
      { field: 'prompt', message: 'prompt: prompt is required' },
      { field: 'seed', message: 'seed: seed is at most 4294967295' },
    ];
    server.use(
      http.untyped.post('/api/v1/jobs', () =>
        HttpResponse.json({ error: { code: 'invalid_field', message: 'prompt: prompt is required', field: 'prompt', fields } }, { status: 422 }),
      ),
    );
    const error: unknown = await submit().catch((caught: unknown) => caught);
    expect(invalidFields(error)).toEqual([
      { field: 'prompt', problem: 'prompt is required', message: 'prompt: prompt is required' },
      { field: 'seed', problem: 'seed is at most 4294967295', message: 'seed: seed is at most 4294967295' },
    ]);
  });

  it('falls back to `field` and `message` without `fields`, and is empty for other errors', () => {
    expect(invalidFields(new ApiError(422, 'invalid_field', 'steps: steps must be 1 to 30', { field: 'steps' }))).toEqual([
      { field: 'steps', problem: 'steps must be 1 to 30', message: 'steps: steps must be 1 to 30' },
    ]);
    expect(invalidFields(new ApiError(422, 'invalid_field', 'returnTo must be a path of this app'))).toEqual([]);
    expect(invalidFields(new ApiError(403, 'pro_required', 'seed: no'))).toEqual([]);
  });
});
