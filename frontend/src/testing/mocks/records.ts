// The records tests arrange in the fake gateway's state (./db.ts), each as the gateway would
// hold it; their ids count up from 1 again after every test.
import type {
  AgeCheck,
  Generation,
  RefusalView,
  Standing,
  SupportAgeCheck,
  SupportUser,
  SuspensionStanding,
} from '@/types/api';

/** Like the gateway (src/safety/strikes.rs): strikes within 24 hours warn at 3 and suspend at 5. */
export const WARN_AT = 3;
export const SUSPEND_AT = 5;

const cleanStanding: Standing = { strikes: 0, warnAt: WARN_AT, suspendAt: SUSPEND_AT, warning: null, suspension: null };

/** When the fake provider decided the age checks it verified (the caller's, and support's users'). */
export const AGE_CHECKED_AT = Date.UTC(2026, 0, 2, 9, 30);

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

/** The ids start again from 1 (after every test). */
export function resetRecordIds(): void {
  nextId = 1;
}
