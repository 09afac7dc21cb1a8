// The job a user's generation is waiting for, kept per user in sessionStorage so a reload (or a
// crash of the tab's connection) comes back to the same job instead of losing its credit.

export interface RunningJob {
  readonly id: string;
  /** The `id:` of the last event seen, to resume the event stream after it. */
  readonly lastEventId: string | null;
}

const keyOf = (uid: string) => `lucent.job.${uid}`;

function isRunningJob(value: unknown): value is RunningJob {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'string' && (record.lastEventId === null || typeof record.lastEventId === 'string');
}

// Storage can be off (privacy settings, quota); then a reload simply does not resume.
export const runningJob = {
  recall(uid: string): RunningJob | null {
    try {
      const value: unknown = JSON.parse(sessionStorage.getItem(keyOf(uid)) ?? 'null');
      return isRunningJob(value) ? value : null;
    } catch {
      return null;
    }
  },
  remember(uid: string, job: RunningJob): void {
    try {
      sessionStorage.setItem(keyOf(uid), JSON.stringify(job));
    } catch {
      // not resumable, still runs
    }
  },
  forget(uid: string): void {
    try {
      sessionStorage.removeItem(keyOf(uid));
    } catch {
      // nothing was kept
    }
  },
};
