import { HttpResponse } from 'msw';

import type { Generation } from '@/types/api';

import { db } from '../db';
import { caller, fail, http, signInFirst } from '../gateway';

import { ageCheckRequired, isAdult, PNG } from './profile';

// The caller's saved images: the history a page at a time, an image, favourites, deletion.

/**
 * The history filters as the gateway applies them to the records of a page: favourites only
 * (`favorite=true`), one style, and words of the prompt whatever the case. Like the gateway, a
 * page is the `limit` records after the cursor, kept when they match, so it may come back short
 * (or empty) with a cursor still to read on from.
 */
function matches(favorite: string | null, style: string | null, q: string | null) {
  const words = q?.toLowerCase() ?? '';
  return (generation: Generation) =>
    (favorite !== 'true' || generation.favorite) &&
    (!style || generation.style === style) &&
    generation.prompt.toLowerCase().includes(words);
}

/**
 * Marks or unmarks one of the caller's images: null when done, else the gateway's answer (the
 * history holds the caller's images only, so another user's is not found, as with delete).
 */
function markFavorite(
  operation: 'PUT /api/v1/generations/{id}/favorite' | 'DELETE /api/v1/generations/{id}/favorite',
  request: Request,
  id: string,
  favorite: boolean,
) {
  if (!caller(request)) return fail(operation, 401, 'token_missing', signInFirst);
  const generation = db.history.find((item) => item.id === id);
  if (!generation) return fail(operation, 404, 'not_found', 'generation not found');
  generation.favorite = favorite;
  return null;
}

export const galleryHandlers = [
  http.get('/api/v1/generations', ({ request, query, response }) => {
    if (!caller(request)) return fail('GET /api/v1/generations', 401, 'token_missing', signInFirst);
    const q = query.get('q');
    if (q !== null && Array.from(q).length > 500) {
      return fail('GET /api/v1/generations', 422, 'invalid_field', 'q: q is at most 500 characters');
    }
    const limit = Number(query.get('limit') ?? '20');
    const start = Number(query.get('cursor') ?? '0');
    const items = db.history.slice(start, start + limit).filter(matches(query.get('favorite'), query.get('style'), q));
    const next = start + limit < db.history.length ? String(start + limit) : null;
    return response(200).json({ items, nextCursor: next });
  }),

  http.get('/api/v1/generations/{id}/image', ({ request, params, response }) => {
    if (!caller(request)) return fail('GET /api/v1/generations/{id}/image', 401, 'token_missing', signInFirst);
    if (db.history.find((item) => item.id === params.id)?.explicit && !isAdult()) {
      return fail('GET /api/v1/generations/{id}/image', 403, 'age_check_required', ageCheckRequired);
    }
    const download = new URL(request.url).searchParams.get('download') === '1';
    if (download && db.plan !== 'pro') {
      return fail('GET /api/v1/generations/{id}/image', 403, 'pro_required', 'Downloading images is a Premium feature');
    }
    const headers: Record<string, string> = { 'Content-Type': 'image/png' };
    if (download) headers['Content-Disposition'] = `attachment; filename="generated_image_${params.id}.png"`;
    return response.untyped(new HttpResponse(PNG, { headers }));
  }),

  http.delete('/api/v1/generations/{id}', ({ request, params, response }) => {
    if (!caller(request)) return fail('DELETE /api/v1/generations/{id}', 401, 'token_missing', signInFirst);
    const index = db.history.findIndex((generation) => generation.id === params.id);
    if (index === -1) return fail('DELETE /api/v1/generations/{id}', 404, 'not_found', 'image not found');
    db.history.splice(index, 1);
    return response(204).empty();
  }),

  http.put('/api/v1/generations/{id}/favorite', ({ request, params, response }) =>
    markFavorite('PUT /api/v1/generations/{id}/favorite', request, params.id, true) ?? response(204).empty(),
  ),

  http.delete('/api/v1/generations/{id}/favorite', ({ request, params, response }) =>
    markFavorite('DELETE /api/v1/generations/{id}/favorite', request, params.id, false) ?? response(204).empty(),
  ),
];
