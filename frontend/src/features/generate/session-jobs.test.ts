import { describe, expect, it, vi } from 'vitest';

import { draftFrom } from './form-draft';
import { ENDED_KEPT, sessionJobs, type SavedJob } from './session-jobs';

const job = (id: string, change: Partial<SavedJob> = {}): SavedJob => ({
  id,
  lastEventId: null,
  settings: draftFrom({ prompt: `Prompt of ${id}` }),
  ended: false,
  ...change,
});

describe('sessionJobs', () => {
  it("recalls each user's jobs, newest first, and none of another user's", () => {
    sessionJobs.add('uid-1', job('job-1'));
    sessionJobs.add('uid-1', job('job-2'));
    sessionJobs.add('uid-2', job('job-3'));
    expect(sessionJobs.recall('uid-1').map((saved) => saved.id)).toEqual(['job-2', 'job-1']);
    expect(sessionJobs.recall('uid-2').map((saved) => saved.id)).toEqual(['job-3']);
    expect(sessionJobs.recall('uid-3')).toEqual([]);
  });

  it('keeps them in sessionStorage with what was sent, so a reload of the tab finds them', () => {
    sessionJobs.add('uid-1', job('job-1'));
    sessionJobs.update('uid-1', 'job-1', { lastEventId: '2-0' });
    const stored: unknown = JSON.parse(sessionStorage.getItem('lucent.jobs.uid-1') ?? 'null');
    expect(stored).toEqual([{ ...job('job-1'), lastEventId: '2-0' }]);
    expect(sessionJobs.recall('uid-1')).toEqual([{ ...job('job-1'), lastEventId: '2-0' }]);
  });

  it('marks one ended and forgets one, leaving the others as they were', () => {
    sessionJobs.add('uid-1', job('job-1'));
    sessionJobs.add('uid-1', job('job-2'));
    sessionJobs.update('uid-1', 'job-1', { ended: true });
    expect(sessionJobs.recall('uid-1')).toEqual([job('job-2'), job('job-1', { ended: true })]);
    sessionJobs.forget('uid-1', 'job-2');
    expect(sessionJobs.recall('uid-1')).toEqual([job('job-1', { ended: true })]);
    sessionJobs.forget('uid-1', 'job-1');
    expect(sessionStorage.getItem('lucent.jobs.uid-1')).toBeNull();
  });

  it('keeps the newest ended jobs only, and every unfinished one whatever its age', () => {
    sessionJobs.add('uid-1', job('running-long'));
    for (let n = 0; n <= ENDED_KEPT; n++) sessionJobs.add('uid-1', job(`ended-${String(n)}`, { ended: true }));
    const ids = sessionJobs.recall('uid-1').map((saved) => saved.id);
    expect(ids).toHaveLength(ENDED_KEPT + 1);
    expect(ids.at(-1)).toBe('running-long');
    expect(ids).not.toContain('ended-0');
  });

  it('recalls only what reads as a job, from a value an older version or a hand edit left', () => {
    sessionStorage.setItem('lucent.jobs.uid-1', JSON.stringify([{ id: 7 }, job('job-1'), 'job-2', { id: 'job-3' }]));
    sessionStorage.setItem('lucent.jobs.uid-2', 'not json');
    expect(sessionJobs.recall('uid-1')).toEqual([job('job-1')]);
    expect(sessionJobs.recall('uid-2')).toEqual([]);
  });

  it('goes on without storage when the browser refuses it', () => {
    const refuse = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(refuse);
    expect(() => {
      sessionJobs.add('uid-1', job('job-1'));
      sessionJobs.update('uid-1', 'job-1', { ended: true });
      sessionJobs.forget('uid-1', 'job-1');
    }).not.toThrow();
    expect(sessionJobs.recall('uid-1')).toEqual([]);
  });
});
