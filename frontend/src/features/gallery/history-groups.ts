import type { Generation } from '@/types/api';

/** The images of one job, newest first: their prompt is said once for all of them. */
export interface Batch {
  readonly key: string;
  readonly prompt: string;
  readonly items: readonly Generation[];
}

/** What was made on one day of the reader's calendar, newest first. */
export interface Day {
  readonly key: string;
  /** 'Today', 'Yesterday', or the date in the reader's locale. */
  readonly label: string;
  readonly batches: readonly Batch[];
}

// The gateway names a job's images after the job: its 30-character id with the last two
// characters replaced by the image's index (`image_id` in src/store/push_id.rs). The contract
// calls ids opaque and gives no job field, so an id of any other shape is a job of its own.
const ID_LENGTH = 30;
const JOB_PART = ID_LENGTH - 2;

function jobOf(generation: Generation): string {
  return generation.id.length === ID_LENGTH ? generation.id.slice(0, JOB_PART) : generation.id;
}

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** How the reader names the day `at` falls on, seen on `now`. */
export function dayLabel(at: number, now: Date, locale?: string): string {
  const day = startOfDay(new Date(at));
  // Rounded: a day with a daylight-saving change is 23 or 25 hours long.
  const daysAgo = Math.round((startOfDay(now).getTime() - day.getTime()) / 86_400_000);
  if (daysAgo === 0) return 'Today';
  if (daysAgo === 1) return 'Yesterday';
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(day.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
  }).format(day);
}

/**
 * The history, newest first, by day and within a day by job. A job's images stay together under
 * the day of its newest one, even past midnight. Days keep the order they first appear in, so a
 * worker's clock a little off never splits one day under two headings.
 */
export function groupHistory(items: readonly Generation[], now: Date, locale?: string): Day[] {
  const days = new Map<string, { key: string; label: string; batches: Batch[] }>();
  // The job of the batch last begun, and its images.
  let job: string | null = null;
  let batch: Generation[] = [];
  for (const item of items) {
    if (jobOf(item) === job) {
      batch.push(item);
      continue;
    }
    job = jobOf(item);
    const key = startOfDay(new Date(item.createdAt)).toDateString();
    let day = days.get(key);
    if (!day) {
      day = { key, label: dayLabel(item.createdAt, now, locale), batches: [] };
      days.set(key, day);
    }
    batch = [item];
    day.batches.push({ key: job, prompt: item.prompt, items: batch });
  }
  return [...days.values()];
}
