// The jobs a user submitted in this tab, kept per user in sessionStorage so that leaving the page,
// a reload or a dropped connection comes back to every one of them (their credits are held until
// they end) and to the images of those that ended meanwhile. sessionStorage, as the form's draft:
// the prompts of adult images leave with the tab.

import { readDraft, type FormDraft } from './form-draft';

export interface SavedJob {
  readonly id: string;
  /** The `id:` of the last event seen, to resume the event stream after it. */
  readonly lastEventId: string | null;
  /** The form as it was sent: the card's prompt, and what 'Use these settings' fills in. */
  readonly settings: FormDraft;
  /** Its end was shown: coming back reads it again, and nothing more happens. */
  readonly ended: boolean;
}

/**
 * Ended jobs kept, newest first: the gateway keeps an ended job an hour, and a session's cards
 * should not grow without end. Every unfinished job is kept whatever its age.
 */
export const ENDED_KEPT = 12;

const keyOf = (uid: string) => `lucent.jobs.${uid}`;

function readJob(value: unknown): SavedJob | null {
  if (typeof value !== 'object' || value === null) return null;
  const saved = value as Partial<Record<keyof SavedJob, unknown>>;
  const settings = readDraft(saved.settings);
  if (typeof saved.id !== 'string' || !settings) return null;
  const lastEventId = typeof saved.lastEventId === 'string' ? saved.lastEventId : null;
  return { id: saved.id, lastEventId, settings, ended: saved.ended === true };
}

// Storage can be off (privacy settings, quota); then a reload simply does not come back to them.
function load(uid: string): SavedJob[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(keyOf(uid)) ?? '[]');
    return Array.isArray(value) ? value.map(readJob).filter((job): job is SavedJob => job !== null) : [];
  } catch {
    return [];
  }
}

function store(uid: string, jobs: readonly SavedJob[]): void {
  let endedSeen = 0;
  const kept = jobs.filter((job) => !job.ended || ++endedSeen <= ENDED_KEPT);
  try {
    if (kept.length === 0) sessionStorage.removeItem(keyOf(uid));
    else sessionStorage.setItem(keyOf(uid), JSON.stringify(kept));
  } catch {
    // not resumable, still runs
  }
}

/** Each user's jobs of this tab, newest first. */
export const sessionJobs = {
  recall(uid: string): readonly SavedJob[] {
    return load(uid);
  },
  /** A job the gateway just accepted, in front of the others. */
  add(uid: string, job: SavedJob): void {
    store(uid, [job, ...load(uid).filter((saved) => saved.id !== job.id)]);
  },
  update(uid: string, id: string, change: Partial<Pick<SavedJob, 'lastEventId' | 'ended'>>): void {
    store(uid, load(uid).map((saved) => (saved.id === id ? { ...saved, ...change } : saved)));
  },
  forget(uid: string, id: string): void {
    store(uid, load(uid).filter((saved) => saved.id !== id));
  },
};
