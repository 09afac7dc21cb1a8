import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Fakes setTimeout/clearTimeout only (the app's timings), leaving the event loop, intervals
 * and setImmediate real so fetch, streams and React keep working.
 *
 * Testing Library drains work with a setTimeout(0) and only advances fake timers it knows
 * (Jest's), so a `jest.advanceTimersByTime` stand-in is installed for it. Note that its
 * waitFor/findBy then advance the clock while polling; between the timing assertions use
 * `settle()` instead.
 */
export function useFakeTimeouts(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}

/**
 * Fakes setTimeout/clearTimeout on a clock that keeps pace with real time, so Testing Library's
 * waits, fetch, streams and lazy pages run as with real timers, while `advance` can skip a long
 * wait of the app at once (a payment's confirmation backoff). Skipped before the app set its
 * timer, the wait is only not shortened: the clock goes on running.
 */
export function useRunningFakeTimeouts(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
}

// Captured before any test fakes it.
const realSetTimeout = globalThis.setTimeout;

/** Lets pending network, stream and React work finish without moving the fake clock. */
export async function settle(turns = 10): Promise<void> {
  for (let turn = 0; turn < turns; turn++) {
    await act(
      () =>
        new Promise<void>((resolve) => {
          realSetTimeout(resolve, 0);
        }),
    );
  }
}

/** Moves the fake clock, inside act() so React renders what the timers changed. */
export function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}
