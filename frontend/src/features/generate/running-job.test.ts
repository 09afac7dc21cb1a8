import { describe, expect, it, vi } from 'vitest';

import { runningJob } from './running-job';

describe('runningJob', () => {
  it("recalls the job each user's page remembered, and nothing for another user", () => {
    runningJob.remember('uid-1', { id: 'job-1', lastEventId: '2-0' });
    runningJob.remember('uid-2', { id: 'job-2', lastEventId: null });
    expect(runningJob.recall('uid-1')).toEqual({ id: 'job-1', lastEventId: '2-0' });
    expect(runningJob.recall('uid-2')).toEqual({ id: 'job-2', lastEventId: null });
    expect(runningJob.recall('uid-3')).toBeNull();
  });

  it('keeps it in sessionStorage, so a reload of the tab finds it', () => {
    runningJob.remember('uid-1', { id: 'job-1', lastEventId: null });
    expect(JSON.parse(sessionStorage.getItem('lucent.job.uid-1') ?? 'null')).toEqual({ id: 'job-1', lastEventId: null });
  });

  it("forgets a user's job without touching another user's", () => {
    runningJob.remember('uid-1', { id: 'job-1', lastEventId: null });
    runningJob.remember('uid-2', { id: 'job-2', lastEventId: null });
    runningJob.forget('uid-1');
    expect(runningJob.recall('uid-1')).toBeNull();
    expect(runningJob.recall('uid-2')).toEqual({ id: 'job-2', lastEventId: null });
  });

  it('recalls nothing from a stored value that is not a job', () => {
    sessionStorage.setItem('lucent.job.uid-1', '{"id":7}');
    sessionStorage.setItem('lucent.job.uid-2', 'not json');
    expect(runningJob.recall('uid-1')).toBeNull();
    expect(runningJob.recall('uid-2')).toBeNull();
  });

  it('goes on without storage when the browser refuses it', () => {
    const refuse = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(refuse);
    expect(() => {
      runningJob.remember('uid-1', { id: 'job-1', lastEventId: null });
    }).not.toThrow();
    expect(runningJob.recall('uid-1')).toBeNull();
    expect(() => {
      runningJob.forget('uid-1');
    }).not.toThrow();
  });
});
