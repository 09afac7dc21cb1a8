import type { DefaultBodyType, StrictRequest } from 'msw';

import { db } from '../db';
import { http } from '../gateway';

async function record(request: StrictRequest<DefaultBodyType>): Promise<void> {
  // A DELETE may carry a body too (support's reason).
  const text = request.method === 'GET' ? '' : await request.clone().text();
  db.requests.push({
    method: request.method,
    path: new URL(request.url).pathname,
    search: new URL(request.url).search,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    authorization: request.headers.get('Authorization'),
    lastEventId: request.headers.get('Last-Event-ID'),
  });
}

/** Keeps every request to the API in `db.requests`, and answers none: the route's handler does. */
export const recordRequests = http.untyped.all('/api/v1/*', async ({ request }) => {
  await record(request);
});
