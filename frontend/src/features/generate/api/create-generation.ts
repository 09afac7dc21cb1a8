import { api, ApiError } from '@/lib/api-client';
import { readEvents } from '@/lib/sse';
import type { Generation, GenerationRequest } from '@/types/api';

export interface GenerationProgress {
  /** Place in the gateway's queue (1 = next); null once rendering started. */
  readonly position: number | null;
  /** 0..1, null until the backend reports progress. */
  readonly fraction: number | null;
  readonly etaSeconds: number | null;
}

export interface CreateGenerationOptions {
  readonly onProgress?: (progress: GenerationProgress) => void;
  readonly signal?: AbortSignal;
}

const closedEarly = () =>
  new ApiError(0, 'stream_closed', 'The connection closed before your image was ready. Please try again.');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Accepts `{generations:[…]}`, `{generation:{…}}`, a list, or one generation. */
function generationsOf(payload: unknown): Generation[] {
  if (Array.isArray(payload)) return payload as Generation[];
  if (!isRecord(payload)) return [];
  if (Array.isArray(payload.generations)) return payload.generations as Generation[];
  if (isRecord(payload.generation)) return [payload.generation as unknown as Generation];
  if (typeof payload.id === 'string') return [payload as unknown as Generation];
  return [];
}

/**
 * `POST /api/v1/generations`, following its event stream: `queued`, `progress`, then `done`
 * (resolves with the new images) or `error` (rejects with the gateway's code and message).
 * Errors before the stream starts reject like any API call (422, 429, 403, 401).
 */
export async function createGeneration(
  request: GenerationRequest,
  { onProgress, signal }: CreateGenerationOptions = {},
): Promise<Generation[]> {
  const response = await api.stream('/generations', request, { signal });
  const type = response.headers.get('Content-Type') ?? '';

  // A gateway (or proxy) that answers with plain JSON instead of a stream.
  if (!type.includes('text/event-stream') || !response.body) {
    const generations = generationsOf(await response.json().catch(() => null));
    if (generations.length === 0) throw closedEarly();
    return generations;
  }

  let progress: GenerationProgress = { position: null, fraction: null, etaSeconds: null };
  for await (const { event, data } of readEvents(response.body)) {
    const payload = parse(data);
    switch (event) {
      case 'queued': {
        const position = isRecord(payload) ? numberOrNull(payload.position) : null;
        progress = { ...progress, position };
        onProgress?.(progress);
        break;
      }
      case 'progress': {
        if (!isRecord(payload)) break;
        const fraction = numberOrNull(payload.fraction);
        progress = {
          position: null,
          fraction: fraction === null ? null : Math.min(1, Math.max(0, fraction)),
          etaSeconds: numberOrNull(payload.etaSeconds),
        };
        onProgress?.(progress);
        break;
      }
      case 'done': {
        const generations = generationsOf(payload);
        if (generations.length === 0) throw closedEarly();
        return generations;
      }
      case 'error': {
        const code = isRecord(payload) && typeof payload.code === 'string' ? payload.code : 'generation_failed';
        const message =
          isRecord(payload) && typeof payload.message === 'string'
            ? payload.message
            : 'The image could not be generated. Please try again.';
        throw new ApiError(response.status, code, message);
      }
      default:
        break; // unknown events (keep-alives, future additions) are ignored
    }
  }
  throw closedEarly();
}
