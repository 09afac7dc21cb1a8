import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { advance, useFakeTimeouts } from '@/testing/timers';

import { BUSY_CLEAR_MS, OVERLAY_CLEAR_MS, OVERLAY_DELAY_MS, useOverlayTiming } from './use-overlay-timing';

type Timing = ReturnType<typeof useOverlayTiming>;

/** The hook, after `begin` (if any) was called on it. */
function renderTiming(begin?: (timing: Timing) => void) {
  const view = renderHook(() => useOverlayTiming());
  if (begin) {
    act(() => {
      begin(view.result.current);
    });
  }
  return view;
}

const shown = ({ busy, overlay }: Timing) => ({ busy, overlay });

describe('useOverlayTiming', () => {
  beforeEach(() => {
    useFakeTimeouts();
  });

  it('shows nothing until a run begins', () => {
    expect(shown(renderTiming().result.current)).toEqual({ busy: false, overlay: false });
  });

  it('is busy at once and shows the overlay 2000 ms later', () => {
    const { result } = renderTiming((timing) => {
      timing.showAfterDelay();
    });
    expect(shown(result.current)).toEqual({ busy: true, overlay: false });
    advance(OVERLAY_DELAY_MS - 1);
    expect(result.current.overlay).toBe(false);
    advance(1);
    expect(shown(result.current)).toEqual({ busy: true, overlay: true });
  });

  it('shows busy and the overlay at once for a run already under way', () => {
    const { result } = renderTiming((timing) => {
      timing.showAtOnce();
    });
    expect(shown(result.current)).toEqual({ busy: true, overlay: true });
  });

  it('clears busy 400 ms and the overlay 4000 ms after the answer, and only then goes on', () => {
    const then = vi.fn<() => void>();
    const { result } = renderTiming((timing) => {
      timing.showAtOnce();
      timing.clearAfterAnswer(then);
    });
    advance(BUSY_CLEAR_MS - 1);
    expect(result.current.busy).toBe(true);
    advance(1);
    expect(shown(result.current)).toEqual({ busy: false, overlay: true });

    advance(OVERLAY_CLEAR_MS - BUSY_CLEAR_MS - 1);
    expect(result.current.overlay).toBe(true);
    expect(then).not.toHaveBeenCalled();
    advance(1);
    expect(shown(result.current)).toEqual({ busy: false, overlay: false });
    expect(then).toHaveBeenCalledOnce();
  });

  it('hides at once and drops the timers still to run, such as the overlay of a run that failed', () => {
    const { result } = renderTiming((timing) => {
      timing.showAfterDelay();
    });
    act(() => {
      result.current.hide();
    });
    expect(shown(result.current)).toEqual({ busy: false, overlay: false });
    advance(OVERLAY_DELAY_MS);
    expect(result.current.overlay).toBe(false);
  });

  it('does not go on after the page is left', () => {
    const then = vi.fn<() => void>();
    const { unmount } = renderTiming((timing) => {
      timing.clearAfterAnswer(then);
    });
    unmount();
    advance(OVERLAY_CLEAR_MS);
    expect(then).not.toHaveBeenCalled();
  });
});
