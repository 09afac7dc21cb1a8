import { useRef, useState, type PointerEvent } from 'react';

/** How far (px) a finger or the mouse must travel sideways for the next or previous image. */
const SWIPE_DISTANCE = 50;

interface Size {
  readonly width: number;
  readonly height: number;
}

interface Point {
  readonly x: number;
  readonly y: number;
}

/** `pan` kept where the image of `size` still covers `stage` (centred on an axis it does not overflow). */
function clamp(pan: Point, size: Size, stage: HTMLElement): Point {
  const maxX = Math.max(0, (size.width - stage.clientWidth) / 2);
  const maxY = Math.max(0, (size.height - stage.clientHeight) / 2);
  return { x: Math.min(maxX, Math.max(-maxX, pan.x)), y: Math.min(maxY, Math.max(-maxY, pan.y)) };
}

/**
 * Pointer gestures on the viewer's stage, by mouse, pen or touch alike: while the image is
 * zoomed (`size`, as drawn), a drag pans it; while it is fitted (`size` null), a sideways swipe
 * of at least SWIPE_DISTANCE moves on (`onSwipe(1)`, leftwards) or back (`onSwipe(-1)`).
 */
export function usePanAndSwipe(size: Size | null, onSwipe: (step: 1 | -1) => void) {
  const [pan, setPan] = useState<Point>({ x: 0, y: 0 });
  const start = useRef<{ pointer: Point; pan: Point } | null>(null);

  const end = () => {
    start.current = null;
  };

  return {
    pan,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (event.button !== 0) return;
        start.current = { pointer: { x: event.clientX, y: event.clientY }, pan };
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        const from = start.current;
        if (!from || !size) return;
        const moved = {
          x: from.pan.x + event.clientX - from.pointer.x,
          y: from.pan.y + event.clientY - from.pointer.y,
        };
        setPan(clamp(moved, size, event.currentTarget));
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => {
        const from = start.current;
        end();
        if (!from || size) return;
        const dx = event.clientX - from.pointer.x;
        const dy = event.clientY - from.pointer.y;
        if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy)) onSwipe(dx < 0 ? 1 : -1);
      },
      onPointerCancel: end,
      onPointerLeave: end,
    },
  };
}
