// The state behind the fake gateway (handlers.ts). Tests arrange it directly; it is reset
// after every test.
import type { Catalog, Generation, Plan, Quota, Subscription } from '@/types/api';

export const RENDERER_LABEL = 'Local preview renderer (not an AI model)';

export function defaultCatalog(): Catalog {
  return {
    styles: [
      { id: 'real-v1.1', label: 'Real V1.1', pro: false, nsfw: false, default: true },
      { id: 'real-v1.2', label: 'Real V1.2', pro: false, nsfw: false },
      { id: 'anime-v1', label: 'Anime V1', pro: false, nsfw: false },
      { id: 'nsfw-v1.1', label: 'NSFW V1.1', pro: false, nsfw: true },
      { id: 'custom-v1', label: 'Custom V1', pro: true, nsfw: false },
    ],
    looks: [
      { id: 'asian', label: 'Asian', pro: false },
      { id: 'korean', label: 'Korean', pro: false },
      { id: 'nordic', label: 'Nordic', pro: true },
    ],
    limits: {
      promptMax: 500,
      negativePromptMax: 500,
      stepsDefault: 30,
      stepsMaxFree: 30,
      stepsMaxPro: 50,
      countMaxFree: 1,
      countMaxPro: 4,
    },
    renderer: { kind: 'builtin', label: RENDERER_LABEL },
  };
}

let nextId = 1;

export function makeGeneration(overrides: Partial<Generation> = {}): Generation {
  const id = overrides.id ?? `gen-${String(nextId++)}`;
  return {
    id,
    createdAt: Date.UTC(2026, 10, 20, 12, 0, 0),
    prompt: 'A lighthouse at dawn',
    negativePrompt: '',
    style: 'real-v1.1',
    look: null,
    seed: 1234,
    steps: 30,
    enhance: true,
    width: 512,
    height: 512,
    blurred: true,
    imageUrl: `/api/v1/generations/${id}/image`,
    ...overrides,
  };
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly authorization: string | null;
}

interface Db {
  plan: Plan;
  ageConfirmed: boolean;
  profileMissing: boolean;
  quota: Quota;
  subscription: Subscription | null;
  catalog: Catalog;
  /** The caller's saved history, newest first. */
  history: Generation[];
  /** Every request the fake gateway answered, in order. */
  requests: RecordedRequest[];
}

function fresh(): Db {
  return {
    plan: 'free',
    ageConfirmed: true,
    profileMissing: false,
    quota: { used: 2, limit: 10, resetsAt: '2026-11-23T00:00:00Z' },
    subscription: null,
    catalog: defaultCatalog(),
    history: [],
    requests: [],
  };
}

export const db: Db = fresh();

export function resetDb(): void {
  Object.assign(db, fresh());
  nextId = 1;
}

/** The requests sent to `method path` (path without the query). */
export function requestsTo(method: string, path: string): RecordedRequest[] {
  return db.requests.filter((request) => request.method === method && request.path === path);
}
