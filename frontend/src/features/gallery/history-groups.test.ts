import { describe, expect, it } from 'vitest';

import { makeGeneration, makeJobImages } from '@/testing/mocks/records';

import { dayLabel, groupHistory } from './history-groups';

// Dates in the machine's own time zone, as the reader's calendar counts days.
const at = (month: number, day: number, hour: number, year = 2026) => new Date(year, month, day, hour).getTime();
const now = new Date(at(10, 20, 15));

/** Each day's label, and each of its batches as the prompts of its images. */
function shape(days: ReturnType<typeof groupHistory>) {
  return days.map((day) => [day.label, day.batches.map((batch) => batch.items.map((item) => item.prompt))]);
}

describe('groupHistory', () => {
  it('puts the images under Today, Yesterday and then their date, newest first', () => {
    const items = [
      makeGeneration({ prompt: 'This afternoon', createdAt: at(10, 20, 14) }),
      makeGeneration({ prompt: 'Just after midnight', createdAt: at(10, 20, 0) }),
      makeGeneration({ prompt: 'Last night', createdAt: at(10, 19, 23) }),
      makeGeneration({ prompt: 'Last week', createdAt: at(10, 12, 10) }),
      makeGeneration({ prompt: 'Last year', createdAt: at(11, 31, 10, 2025) }),
    ];
    expect(shape(groupHistory(items, now, 'en-US'))).toEqual([
      ['Today', [['This afternoon'], ['Just after midnight']]],
      ['Yesterday', [['Last night']]],
      ['Thursday, November 12', [['Last week']]],
      ['Wednesday, December 31, 2025', [['Last year']]],
    ]);
  });

  it("names a date in the reader's locale", () => {
    expect(dayLabel(at(10, 12, 10), now, 'de-DE')).toBe('Donnerstag, 12. November');
  });

  it("keeps a job's images together, its prompt once, apart from another job of the same prompt", () => {
    const first = makeJobImages(3, { prompt: 'A red fox', createdAt: at(10, 20, 9) });
    const again = makeJobImages(2, { prompt: 'A red fox', createdAt: at(10, 20, 10) });
    const alone = makeGeneration({ prompt: 'A red fox', createdAt: at(10, 20, 11) });
    const days = groupHistory([alone, ...again, ...first], now);

    expect(days).toHaveLength(1);
    const batches = days[0]?.batches ?? [];
    expect(batches.map((batch) => [batch.prompt, batch.items.map((item) => item.id)])).toEqual([
      ['A red fox', [alone.id]],
      ['A red fox', again.map((item) => item.id)],
      ['A red fox', first.map((item) => item.id)],
    ]);
    expect(new Set(batches.map((batch) => batch.key)).size).toBe(3);
  });

  it('leaves each image of another id shape a batch of its own, even with the same prompt and time', () => {
    const twins = [makeGeneration({ prompt: 'Twins' }), makeGeneration({ prompt: 'Twins' })];
    expect(groupHistory(twins, now)[0]?.batches.map((batch) => batch.items.length)).toEqual([1, 1]);
  });

  it('keeps a job drawn across midnight under the day of its newest image', () => {
    const items = makeJobImages(2, { prompt: 'Midnight' }).map((item, index) => ({
      ...item,
      createdAt: index === 0 ? at(10, 20, 0) : at(10, 19, 23),
    }));
    expect(shape(groupHistory(items, now))).toEqual([['Today', [['Midnight', 'Midnight']]]]);
  });
});
