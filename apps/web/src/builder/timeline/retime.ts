import { MIN_ITEM_DURATION, type Px, roundTo, type Seconds, type Timing } from '@reelwright/core';
import { MIN_BAR_PX, pxToTime, snapTime, type TimelineViewport } from './viewport';

/** Which part of a bar is dragged: the whole bar, or its start or end edge. */
export type BarPart = 'body' | 'start' | 'end';

/** What bars snap to: the playhead and other bars' edges (times), the guidelines (lane px). */
export type BarTargets = { times: readonly Seconds[]; px: readonly Px[] };

/**
 * A bar's timing after dragging `part` by `delta` px (spec 002 §2, §5): the dragged edges snap
 * within 5 px; an item lasts at least 0.1 s and its bar is at least 30 px wide; its left edge
 * never goes below 0. Times keep 2 decimals.
 */
export function retimeBar(
  start: Timing,
  part: BarPart,
  delta: Px,
  viewport: TimelineViewport,
  targets: BarTargets,
): Timing {
  const dt = delta / viewport.pxPerSecond;
  const shortest = Math.max(MIN_ITEM_DURATION, MIN_BAR_PX / viewport.pxPerSecond);
  const length = start.stop - start.start;
  const snap = (time: Seconds) => snapTime(viewport, time, targets);

  if (part === 'body') {
    const byStart = snap(start.start + dt);
    const byStop = snap(start.stop + dt);
    // The edge that found a target leads; the nearer one when both did.
    let begin = start.start + dt;
    if (
      byStart.snapped &&
      (!byStop.snapped || Math.abs(byStart.time - begin) <= Math.abs(byStop.time - length - begin))
    ) {
      begin = byStart.time;
    } else if (byStop.snapped) begin = byStop.time - length;
    begin = Math.max(0, begin);
    return { start: roundTo(begin, 2), stop: roundTo(begin + length, 2) };
  }
  if (part === 'start') {
    const begin = Math.min(Math.max(0, snap(start.start + dt).time), start.stop - shortest);
    return { start: roundTo(Math.max(0, begin), 2), stop: start.stop };
  }
  const end = Math.max(snap(start.stop + dt).time, start.start + shortest);
  return { start: start.start, stop: roundTo(end, 2) };
}

/** Where a press at `px` of the lane is, in time. */
export function timeAt(viewport: TimelineViewport, px: Px): Seconds {
  return Math.max(0, pxToTime(viewport, px));
}
