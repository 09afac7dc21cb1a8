// The state behind the fake gateway (handlers.ts). Tests arrange it directly; it is reset
// after every test.
import type {
  AgeCheck,
  Catalog,
  ErrorDetail,
  Generation,
  JobStatus,
  Plan,
  Quota,
  RefusalView,
  Standing,
  Subscription,
  SupportAgeCheck,
  SupportUser,
  SuspensionStanding,
} from '@/types/api';

import type { StreamEvent } from '../sse';

export const RENDERER_LABEL = 'Local preview renderer (not an AI model)';

// The sizes the gateway's built-in catalog gives every style, its first the default.
export const SIZES: Catalog['styles'][number]['sizes'] = [
  { id: 'square', label: 'Square', width: 512, height: 512 },
  { id: 'portrait', label: 'Portrait 2:3', width: 512, height: 768 },
  { id: 'landscape', label: 'Landscape 3:2', width: 768, height: 512 },
];

function style(id: string, label: string, flags: Partial<Catalog['styles'][number]> = {}): Catalog['styles'][number] {
  return {
    id,
    label,
    checkpoint: `${id}.safetensors`,
    hash: '0123abcd',
    pro: false,
    nsfw: false,
    default: false,
    sizes: SIZES,
    cfg: 7,
    sample: `/api/v1/styles/${id}/sample`,
    ...flags,
  };
}

export function defaultCatalog(): Catalog {
  return {
    styles: [
      style('real-v1.1', 'Real V1.1', { default: true }),
      style('real-v1.2', 'Real V1.2'),
      style('anime-v1', 'Anime V1'),
      style('nsfw-v1.1', 'NSFW V1.1', { nsfw: true }),
      style('custom-v1', 'Custom V1', { pro: true }),
    ],
    looks: [
      { id: 'asian', label: 'Asian', pro: false },
      { id: 'korean', label: 'Korean', pro: false },
      { id: 'nordic', label: 'Nordic', pro: true },
    ],
    plans: { freeDaily: 10, proMonthly: 1000 },
    limits: {
      promptMax: 500,
      negativePromptMax: 500,
      stepsDefault: 30,
      stepsMaxFree: 30,
      stepsMaxPro: 50,
      countMaxFree: 1,
      countMaxPro: 4,
      cfgMin: 1,
      cfgMax: 20,
      cfgStep: 0.5,
    },
    samplers: [
      { id: 'dpmpp-2m', label: 'DPM++ 2M' },
      { id: 'euler-a', label: 'Euler a' },
      { id: 'euler', label: 'Euler' },
      { id: 'dpmpp-sde', label: 'DPM++ SDE' },
      { id: 'ddim', label: 'DDIM' },
    ],
    sourceModes: [
      { id: 'vary-subtle', label: 'Vary (subtle)', pro: false },
      { id: 'vary-strong', label: 'Vary (strong)', pro: false },
      { id: 'upscale', label: 'Upscale 2x', pro: true },
    ],
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
    favorite: false,
    source: null,
    blurred: true,
    explicit: false,
    imageUrl: `/api/v1/generations/${id}/image`,
    ...overrides,
  };
}

/**
 * The `count` images of one job as the gateway names them (`image_id` in src/store/push_id.rs):
 * the job's 30-character id with the image's index in its last two characters; newest first, as
 * the history lists them.
 */
export function makeJobImages(count: number, overrides: Partial<Generation> = {}): Generation[] {
  const job = `job${String(nextId++)}`.padEnd(28, '-');
  return Array.from({ length: count }, (_, index) =>
    makeGeneration({ ...overrides, id: `${job}-${String(index)}` }),
  ).reverse();
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  /** The query string, with its '?' ('' without one). */
  readonly search: string;
  readonly body: unknown;
  readonly authorization: string | null;
  readonly lastEventId: string | null;
}

/** A job of the fake gateway: its state, and the events its stream serves (with their ids). */
export interface FakeJob {
  readonly id: string;
  readonly uid: string;
  status: JobStatus;
  position?: number;
  generations?: Generation[];
  error?: ErrorDetail;
  events: StreamEvent[];
}

/** One of the caller's refused requests, as the fake's content rules record it (handlers.ts). */
export interface FakeRefusal {
  /** Milliseconds since the epoch. */
  readonly at: number;
  /** False for a request to rephrase, which never counts. */
  readonly strike: boolean;
}

/** When the fake provider decided the age checks it verified (the caller's, and support's users'). */
export const AGE_CHECKED_AT = Date.UTC(2026, 0, 2, 9, 30);

interface Db {
  plan: Plan;
  ageConfirmed: boolean;
  /**
   * The caller's age check as `GET /me` reports it: verified by default, so explicit requests and
   * images pass unless a test arranges otherwise (`required: false` is a server with checks off).
   */
  ageCheck: AgeCheck;
  profileMissing: boolean;
  /** The account was deleted: like the gateway's tombstone, `POST /me` answers 410 from then on. */
  accountDeleted: boolean;
  /** The caller's refused requests, oldest first; the standing `GET /me` reports counts them. */
  refusals: FakeRefusal[];
  /** Generation is suspended (every job 403): set at the fifth strike in 24 hours, or by a test. */
  suspension: SuspensionStanding | null;
  quota: Quota;
  subscription: Subscription | null;
  catalog: Catalog;
  /** The caller's saved history, newest first. */
  history: Generation[];
  /** Jobs by id; a new job runs to its end at once unless a test arranges otherwise. */
  jobs: Map<string, FakeJob>;
  /** Every request the fake gateway answered, in order. */
  requests: RecordedRequest[];
  /** The users support can look up (the caller's own profile is not among them). */
  supportUsers: SupportUser[];
  /** Those users' images by uid, newest first, as support sees them (see makeSupportImage). */
  supportImages: Record<string, Generation[]>;
  /** Staff roles admins gave through the console, by uid. */
  staffRoles: Record<string, { support: boolean; admin: boolean }>;
  /** What the signed-in support member gave today, counted against SUPPORT_DAILY (an admin's is not counted). */
  staffGrants: { credits: number; pro: number };
  /**
   * Refusals of accounts that are gone, for the review queue; everyone else's are in their
   * `supportUsers` entry (`refusals`, newest first), as the card shows them.
   */
  refusalsOfGoneAccounts: RefusalView[];
}

function fresh(): Db {
  return {
    plan: 'free',
    ageConfirmed: true,
    ageCheck: { status: 'verified', checkedAt: AGE_CHECKED_AT, required: true },
    profileMissing: false,
    accountDeleted: false,
    refusals: [],
    suspension: null,
    quota: { used: 2, limit: 10, bonus: 0, resetsAt: '2026-11-23T00:00:00Z' },
    subscription: null,
    catalog: defaultCatalog(),
    history: [],
    jobs: new Map(),
    requests: [],
    supportUsers: [],
    supportImages: {},
    staffRoles: {},
    staffGrants: { credits: 0, pro: 0 },
    refusalsOfGoneAccounts: [],
  };
}

export const db: Db = fresh();

/** Like the gateway (src/safety/strikes.rs): strikes within 24 hours warn at 3 and suspend at 5. */
export const WARN_AT = 3;
export const SUSPEND_AT = 5;

const cleanStanding: Standing = { strikes: 0, warnAt: WARN_AT, suspendAt: SUSPEND_AT, warning: null, suspension: null };

/** A suspension awaiting review, with the gateway's words on how to ask for one. */
export function makeSuspension(overrides: Partial<SuspensionStanding> = {}): SuspensionStanding {
  return {
    since: Date.UTC(2026, 10, 24, 10),
    reason: '5 refused requests in 24 hours',
    upheld: false,
    review:
      'Our staff review every suspended account. To ask for a review or add context, write to support from the email address of this account; refusals staff find wrong stop counting.',
    ...overrides,
  };
}

/** An age check the fake provider verified, as support sees it. */
export function makeSupportAgeCheck(overrides: Partial<SupportAgeCheck> = {}): SupportAgeCheck {
  return { status: 'verified', provider: 'test', reference: 'inq_test_grace', checkedAt: AGE_CHECKED_AT, ...overrides };
}

/** What the user themselves reads of `check` in their profile (`Me.ageCheck`), on a server with checks on. */
export function ageCheckAsSeen({ status, checkedAt }: SupportAgeCheck): AgeCheck {
  return { status, checkedAt: checkedAt ?? null, required: true };
}

/**
 * A free user with no subscription and no audit trail, their age verified, nothing on their
 * account an admin's alone, as support sees them (the profile's age check follows `rest.ageCheck`).
 */
export function makeSupportUser(profile: Partial<SupportUser['profile']> = {}, rest: Partial<Omit<SupportUser, 'profile'>> = {}): SupportUser {
  const ageCheck = rest.ageCheck ?? makeSupportAgeCheck();
  return {
    profile: {
      uid: 'uid-grace',
      email: 'grace@example.com',
      username: 'Grace',
      ageConfirmed: true,
      createdAt: Date.UTC(2026, 0, 1),
      plan: 'free',
      quota: { used: 3, limit: 10, bonus: 0, resetsAt: '2026-12-01T00:00:00Z' },
      subscription: null,
      standing: cleanStanding,
      ageCheck: ageCheckAsSeen(ageCheck),
      ...profile,
    },
    why: 'Not pro: no subscription has ever been paid.',
    provider: { processor: 'test', state: 'none', matchesRecord: false },
    generations: 0,
    audit: [],
    suspension: null,
    refusals: [],
    adminOnly: { staffAccount: false, paysForPremium: false },
    ...rest,
    ageCheck,
  };
}

/** One of `uid`'s images as support sees it: a blurred preview at the support route. */
export function makeSupportImage(uid: string, overrides: Partial<Generation> = {}): Generation {
  const generation = makeGeneration(overrides);
  return { ...generation, blurred: true, imageUrl: `/api/v1/support/users/${uid}/generations/${generation.id}/preview` };
}

/** A refused request of `uid` that still counts: a minor in an explicit prompt, via the jobs route. */
export function makeRefusal(uid: string, overrides: Partial<RefusalView> = {}): RefusalView {
  return {
    id: `ref-${String(nextId++)}`,
    uid,
    email: 'grace@example.com',
    at: Date.UTC(2026, 10, 24, 9, 30),
    route: 'jobs',
    style: 'real-v1.1',
    category: 'minor',
    words: ['little girl'],
    flagged: [],
    prompt: 'naked little girl',
    negativePrompt: '',
    falsePositive: false,
    counts: true,
    strike: true,
    ...overrides,
  };
}

export function resetDb(): void {
  Object.assign(db, fresh());
  nextId = 1;
}

/** The requests sent to `method path` (path without the query). */
export function requestsTo(method: string, path: string): RecordedRequest[] {
  return db.requests.filter((request) => request.method === method && request.path === path);
}
