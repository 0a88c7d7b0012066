import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  hintDirection,
  maxScroll,
  nextScroll,
  SCROLL_TICK_MS,
  type ScrollDirection,
  visibleArrows,
} from './scroll-rules';

/** A scroll slider lays its list out in a row (horizontal) or a column (vertical). */
export type ScrollOrientation = 'horizontal' | 'vertical';

/** The element properties that hold each orientation's scroll position and sizes. */
const AXIS = {
  horizontal: { position: 'scrollLeft', content: 'scrollWidth', viewport: 'clientWidth' },
  vertical: { position: 'scrollTop', content: 'scrollHeight', viewport: 'clientHeight' },
} as const;

/** The pointer handlers an arrow button takes. */
type ArrowHandlers = Record<'onPointerEnter' | 'onPointerDown' | 'onPointerLeave' | 'onPointerCancel', () => void>;

const NO_ARROWS: Record<ScrollDirection, boolean> = { start: false, end: false };

function readScroll(viewport: HTMLElement, orientation: ScrollOrientation): { position: number; max: number } {
  const axis = AXIS[orientation];
  return { position: viewport[axis.position], max: maxScroll(viewport[axis.content], viewport[axis.viewport]) };
}

/**
 * The live part of a scroll slider: which arrows show (kept up to date on scroll and resize),
 * the hint arrow shown for `hintMs` when the list overflows on mount, and the pointer handlers
 * that scroll the list one step every tick while an arrow is hovered or held.
 */
export function useScrollSlider(orientation: ScrollOrientation, hintMs: number) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const [arrows, setArrows] = useState(NO_ARROWS);
  const [hint, setHint] = useState<ScrollDirection | null>(null);
  const [moving, setMoving] = useState<ScrollDirection | null>(null);

  const measure = useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const { position, max } = readScroll(viewport, orientation);
    const next = visibleArrows(position, max);
    setArrows((shown) => (shown.start === next.start && shown.end === next.end ? shown : next));
  }, [orientation]);

  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const { position, max } = readScroll(viewport, orientation);
    const direction = hintDirection(position, max);
    if (!direction) return;
    setHint(direction);
    const timer = setTimeout(() => setHint(null), hintMs);
    return () => clearTimeout(timer);
  }, [orientation, hintMs]);

  useEffect(() => {
    const viewport = viewportRef.current;
    const track = trackRef.current;
    if (!viewport || !track) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    observer.observe(track);
    return () => observer.disconnect();
  }, [measure]);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!moving || !viewport) return;
    const timer = setInterval(() => {
      const { position, max } = readScroll(viewport, orientation);
      const next = nextScroll(position, moving, max);
      if (next === position) setMoving(null);
      else viewport[AXIS[orientation].position] = next;
    }, SCROLL_TICK_MS);
    return () => clearInterval(timer);
  }, [moving, orientation]);

  /** Handlers for the arrow at one end: hovering or holding it scrolls that way. */
  const arrowHandlers = (direction: ScrollDirection): ArrowHandlers => ({
    onPointerEnter: () => setMoving(direction),
    onPointerDown: () => setMoving(direction),
    onPointerLeave: () => setMoving(null),
    onPointerCancel: () => setMoving(null),
  });

  return { viewportRef, trackRef, arrows, hint, measure, arrowHandlers };
}
