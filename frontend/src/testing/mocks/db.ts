// The state behind the fake gateway (handlers/). Tests arrange it directly, with the records
// of ./records.ts; it is reset after every test.
import type {
  AgeCheck,
  Catalog,
  ErrorDetail,
  Generation,
  JobStatus,
  Plan,
  Quota,
  RefusalView,
  Subscription,
  SupportUser,
  SuspensionStanding,
} from '@/types/api';

import type { StreamEvent } from '../sse';

import { defaultCatalog } from './catalog';
import { AGE_CHECKED_AT, resetRecordIds } from './records';

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

/** One of the caller's refused requests, as the fake's content rules record it (handlers/content-rules.ts). */
export interface FakeRefusal {
  /** Milliseconds since the epoch. */
  readonly at: number;
  /** False for a request to rephrase, which never counts. */
  readonly strike: boolean;
}

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

export function resetDb(): void {
  Object.assign(db, fresh());
  resetRecordIds();
}

/** The requests sent to `method path` (path without the query). */
export function requestsTo(method: string, path: string): RecordedRequest[] {
  return db.requests.filter((request) => request.method === method && request.path === path);
}
