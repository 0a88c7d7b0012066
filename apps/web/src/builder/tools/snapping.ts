import type { Px } from '@reelwright/core';
import type { StageSize } from './geometry';

/** Snapping reach in screen px (react-moveable's default); divided by the view scale for stage px. */
export const SNAP_THRESHOLD_SCREEN_PX = 5;

export type Bounds = { left: Px; top: Px; right: Px; bottom: Px };
/** A line the moving box snapped to, for the stage to draw: x is a vertical line, y a horizontal one. */
export type SnapGuide = { axis: 'x' | 'y'; at: Px };
/** The lines a box can snap to on each axis. */
export type SnapLines = { x: Px[]; y: Px[] };

/** The stage's edges and centre lines, and every other item's edges and centre lines. */
export function snapLines(stage: StageSize, others: readonly Bounds[]): SnapLines {
  const x = [0, stage.width / 2, stage.width];
  const y = [0, stage.height / 2, stage.height];
  for (const other of others) {
    x.push(other.left, (other.left + other.right) / 2, other.right);
    y.push(other.top, (other.top + other.bottom) / 2, other.bottom);
  }
  return { x, y };
}

/** The smallest shift, within `threshold`, that puts one of `values` on one of `lines`; 0 when none. */
function nearestShift(values: readonly Px[], lines: readonly Px[], threshold: Px): Px {
  let best: Px = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const value of values) {
    for (const line of lines) {
      const distance = Math.abs(line - value);
      if (distance <= threshold && distance < bestDistance) {
        best = line - value;
        bestDistance = distance;
      }
    }
  }
  return best;
}

const EPSILON = 0.01;

/** The lines that values lie on after snapping, each once. */
function guidesOn(axis: 'x' | 'y', values: readonly Px[], lines: readonly Px[]): SnapGuide[] {
  const hits = new Set<Px>();
  for (const value of values) for (const line of lines) if (Math.abs(line - value) < EPSILON) hits.add(line);
  return [...hits].map((at) => ({ axis, at }));
}

/**
 * Snaps a moving box: its left, centre and right to the nearest vertical line, its top, middle
 * and bottom to the nearest horizontal one, each within `threshold` stage px.
 */
export function snapMove(box: Bounds, lines: SnapLines, threshold: Px): { dx: Px; dy: Px; guides: SnapGuide[] } {
  const xs = [box.left, (box.left + box.right) / 2, box.right];
  const ys = [box.top, (box.top + box.bottom) / 2, box.bottom];
  const dx = nearestShift(xs, lines.x, threshold);
  const dy = nearestShift(ys, lines.y, threshold);
  return {
    dx,
    dy,
    guides: [
      ...guidesOn(
        'x',
        xs.map((v) => v + dx),
        lines.x,
      ),
      ...guidesOn(
        'y',
        ys.map((v) => v + dy),
        lines.y,
      ),
    ],
  };
}

/** Snaps one edge being resized to the nearest line within `threshold`. */
export function snapEdge(value: Px, lines: readonly Px[], threshold: Px): Px {
  return value + nearestShift([value], lines, threshold);
}
