import { client, unwrap } from '@/lib/api-client';
import type { GenerationRequest, Job } from '@/types/api';

/** `POST /api/v1/jobs`: queues a generation; the gateway answers at once (202). */
export function submitJob(body: GenerationRequest): Promise<Job> {
  return unwrap(client.POST('/api/v1/jobs', { body }));
}

export function getJob(id: string, signal?: AbortSignal): Promise<Job> {
  return unwrap(client.GET('/api/v1/jobs/{id}', { params: { path: { id } }, signal }));
}

/** Cancels a job still in line (its credit comes back); 409 `job_not_cancelable` once it runs. */
export async function cancelJob(id: string): Promise<void> {
  await unwrap(client.DELETE('/api/v1/jobs/{id}', { params: { path: { id } } }));
}

/**
 * Opens `GET /api/v1/jobs/{id}/events` as a `text/event-stream` body, after the event
 * `lastEventId` names (`Last-Event-ID`) or from the start when it is null. Null when the
 * answer came without a body.
 */
export function openJobEvents(
  id: string,
  lastEventId: string | null,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array> | null> {
  return unwrap(
    client.GET('/api/v1/jobs/{id}/events', {
      params: { path: { id }, header: lastEventId === null ? {} : { 'Last-Event-ID': lastEventId } },
      headers: { Accept: 'text/event-stream' },
      parseAs: 'stream',
      signal,
    }),
  );
}
