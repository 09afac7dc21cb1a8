import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';

import type { Me } from '@/types/api';

import { fakeAuth } from '../fake-firebase';
import { sseResponse } from '../sse';

import { db, makeGeneration } from './db';

// A fake gateway backed by ./db: the happy paths, plus the rules the UI relies on (auth, pro
// only actions). A test arranges db, or overrides one handler with server.use().

const error = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });

async function record(request: StrictRequest<DefaultBodyType>): Promise<void> {
  const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
  db.requests.push({
    method: request.method,
    path: new URL(request.url).pathname,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    authorization: request.headers.get('Authorization'),
  });
}

/** The uid the bearer token names, or null. */
function caller(request: Request): string | null {
  const match = /^Bearer token-for-(.+)$/.exec(request.headers.get('Authorization') ?? '');
  return match?.[1] ?? null;
}

let username: string | null = null;

function me(uid: string): Me {
  const user = fakeAuth.signedInUser();
  const email = user?.email ?? 'user@example.com';
  return {
    uid,
    email,
    username: username ?? user?.displayName ?? email.split('@')[0] ?? 'user',
    ageConfirmed: db.ageConfirmed,
    createdAt: Date.UTC(2026, 0, 1),
    plan: db.plan,
    subscription: db.subscription,
    quota: db.quota,
  };
}

export function resetHandlersState(): void {
  username = null;
}

const unauthorized = () => error(401, 'unauthorized', 'Please log in again');

export const handlers = [
  http.all('/api/v1/*', async ({ request }) => {
    await record(request);
    // fall through to the handlers below
  }),

  http.get('/api/v1/catalog', () => HttpResponse.json(db.catalog)),

  http.get('/api/v1/me', ({ request }) => {
    const uid = caller(request);
    if (!uid) return unauthorized();
    if (db.profileMissing) return error(409, 'profile_missing', 'no profile yet: POST /api/v1/me with a username first');
    return HttpResponse.json(me(uid));
  }),

  http.post<never, { username: string; ageConfirmed: boolean }>('/api/v1/me', async ({ request }) => {
    const uid = caller(request);
    if (!uid) return unauthorized();
    const body = await request.json();
    username = body.username.trim();
    db.profileMissing = false;
    db.ageConfirmed ||= body.ageConfirmed;
    return HttpResponse.json(me(uid));
  }),

  http.post<never, { count?: number; prompt: string; style: string; look: string | null }>(
    '/api/v1/generations',
    async ({ request }) => {
      if (!caller(request)) return unauthorized();
      const body = await request.json();
      const generations = Array.from({ length: body.count ?? 1 }, () =>
        makeGeneration({ prompt: body.prompt, style: body.style, look: body.look, blurred: db.plan !== 'pro' }),
      );
      db.history.unshift(...generations);
      db.quota = { ...db.quota, used: db.quota.used + generations.length };
      return sseResponse([
        { event: 'queued', data: { position: 1 } },
        { event: 'progress', data: { fraction: 0.5, etaSeconds: 1 } },
        { event: 'done', data: { generations } },
      ]);
    },
  ),

  http.get('/api/v1/generations', ({ request }) => {
    if (!caller(request)) return unauthorized();
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get('limit') ?? '20');
    const start = Number(url.searchParams.get('cursor') ?? '0');
    const items = db.history.slice(start, start + limit);
    const next = start + limit < db.history.length ? String(start + limit) : null;
    return HttpResponse.json({ items, nextCursor: next });
  }),

  http.get('/api/v1/generations/:id/image', ({ request, params }) => {
    if (!caller(request)) return unauthorized();
    const download = new URL(request.url).searchParams.get('download') === '1';
    if (download && db.plan !== 'pro') return error(403, 'pro_required', 'Downloading images is a Premium feature');
    const headers: Record<string, string> = { 'Content-Type': 'image/png' };
    if (download) headers['Content-Disposition'] = `attachment; filename="generated_image_${String(params.id)}.png"`;
    return new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers });
  }),

  http.delete('/api/v1/generations/:id', ({ request, params }) => {
    if (!caller(request)) return unauthorized();
    if (db.plan !== 'pro') return error(403, 'pro_required', 'Deleting images is a Premium feature');
    const index = db.history.findIndex((generation) => generation.id === params.id);
    if (index !== -1) db.history.splice(index, 1);
    return new HttpResponse(null, { status: 204 });
  }),

  http.post('/api/v1/checkout', ({ request }) => {
    if (!caller(request)) return unauthorized();
    if (db.plan === 'pro') return error(409, 'already_subscribed', 'You are already subscribed to Premium.');
    return HttpResponse.json({ url: 'http://127.0.0.1:8080/test-checkout/cs_test_123' });
  }),

  http.post<never, { sessionId: string; firebaseId: string }>('/api/v1/payment-success', async ({ request }) => {
    const uid = caller(request);
    if (!uid) return unauthorized();
    const body = await request.json();
    if (body.firebaseId !== uid) return error(403, 'forbidden', 'This payment belongs to another account');
    db.plan = 'pro';
    return HttpResponse.json({ message: 'Payment confirmed. Welcome to Premium!', plan: 'pro' });
  }),

  http.post('/api/v1/billing/portal', ({ request }) => {
    if (!caller(request)) return unauthorized();
    if (db.plan !== 'pro') return error(403, 'pro_required', 'Only Premium members have a subscription to manage');
    return HttpResponse.json({ url: 'https://billing.stripe.com/p/session/test_123' });
  }),
];
