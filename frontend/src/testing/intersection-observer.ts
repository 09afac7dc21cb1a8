import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * jsdom has no IntersectionObserver: this one is put in its place (undone after each test by
 * `vi.unstubAllGlobals` in setup-tests.ts), and a test says when what it watches comes into sight.
 */
export function stubIntersectionObserver() {
  const observers = new Set<FakeObserver>();

  class FakeObserver {
    readonly targets = new Set<Element>();
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds = [0];

    readonly callback: IntersectionObserverCallback;

    constructor(callback: IntersectionObserverCallback) {
      this.callback = callback;
      observers.add(this);
    }

    observe(target: Element) {
      this.targets.add(target);
    }

    unobserve(target: Element) {
      this.targets.delete(target);
    }

    disconnect() {
      this.targets.clear();
      observers.delete(this);
    }

    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }

    report(isIntersecting: boolean) {
      const entries = [...this.targets].map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
      if (entries.length > 0) this.callback(entries, this);
    }
  }

  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    /** Everything observed comes into sight (true) or leaves it (false). */
    intersect(isIntersecting = true) {
      act(() => {
        for (const observer of observers) observer.report(isIntersecting);
      });
    },
  };
}
