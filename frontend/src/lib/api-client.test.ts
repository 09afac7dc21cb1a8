import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { fakeAuth } from '@/testing/fake-firebase';
import { server } from '@/testing/mocks/server';

import { api, ApiError } from './api-client';

function echoAuthorization() {
  server.use(
    http.get('/api/v1/catalog', ({ request }) =>
      HttpResponse.json({ authorization: request.headers.get('Authorization') }),
    ),
  );
}

describe('api client', () => {
  it("sends the signed-in user's ID token as a bearer token", async () => {
    echoAuthorization();
    fakeAuth.addAccount({ email: 'ada@example.com' }, true);
    await expect(api.get('/catalog')).resolves.toEqual({ authorization: 'Bearer token-for-uid-1' });
  });

  it('sends no Authorization header for a guest', async () => {
    echoAuthorization();
    await expect(api.get('/catalog')).resolves.toEqual({ authorization: null });
  });

  it('sends the body as JSON', async () => {
    server.use(
      http.post('/api/v1/me', async ({ request }) =>
        HttpResponse.json({ contentType: request.headers.get('Content-Type'), body: await request.json() }),
      ),
    );
    await expect(api.post('/me', { username: 'Ada' })).resolves.toEqual({
      contentType: 'application/json',
      body: { username: 'Ada' },
    });
  });

  it('resolves to undefined for 204 No Content', async () => {
    server.use(http.delete('/api/v1/generations/g1', () => new HttpResponse(null, { status: 204 })));
    await expect(api.delete('/generations/g1')).resolves.toBeUndefined();
  });

  it("turns the gateway's error body into an ApiError", async () => {
    server.use(
      http.delete('/api/v1/generations/g1', () =>
        HttpResponse.json({ error: { code: 'pro_required', message: 'Deleting images is a Premium feature' } }, { status: 403 }),
      ),
    );
    const error = await api.delete('/generations/g1').catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'pro_required', message: 'Deleting images is a Premium feature' });
  });

  it('falls back to the status when the error body is not the gateway’s', async () => {
    server.use(http.get('/api/v1/catalog', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await expect(api.get('/catalog')).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'Request failed with status 502',
    });
  });

  it('reports an unreachable gateway as a network error', async () => {
    server.use(http.get('/api/v1/catalog', () => HttpResponse.error()));
    await expect(api.get('/catalog')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('fetches a file with the token and the name from Content-Disposition', async () => {
    fakeAuth.addAccount({ email: 'ada@example.com' }, true);
    server.use(
      http.get('/api/v1/generations/g1/image', ({ request }) =>
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
    const file = await api.file('/api/v1/generations/g1/image?download=1');
    expect(file.filename).toBe('generated_image_Ab3dE6gH.png');
    expect(file.blob.size).toBe(3);
  });

  it('reads the RFC 5987 form of the file name', async () => {
    server.use(
      http.get('/api/v1/file', () =>
        new HttpResponse('x', { headers: { 'Content-Disposition': "attachment; filename*=UTF-8''image%20one.png" } }),
      ),
    );
    await expect(api.file('/api/v1/file')).resolves.toMatchObject({ filename: 'image one.png' });
  });

  it('never sends the token to another origin', async () => {
    fakeAuth.addAccount({ email: 'ada@example.com' }, true);
    await expect(api.file('https://evil.example/steal')).rejects.toMatchObject({ code: 'bad_url' });
    await expect(api.file('//evil.example/steal')).rejects.toMatchObject({ code: 'bad_url' });
  });

  it('asks for an event stream and rejects errors before the stream starts', async () => {
    server.use(
      http.post('/api/v1/generations', ({ request }) =>
        request.headers.get('Accept') === 'text/event-stream'
          ? HttpResponse.json({ error: { code: 'quota_exhausted', message: 'No credits left' } }, { status: 429 })
          : new HttpResponse(null, { status: 406 }),
      ),
    );
    await expect(api.stream('/generations', {})).rejects.toMatchObject({ status: 429, code: 'quota_exhausted' });
  });
});
