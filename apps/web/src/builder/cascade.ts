import type { Box, Item, Px, StageFraction } from '@reelwright/core';

/**
 * How far each new item steps from one it would land on: a tenth of the stage's shorter side
 * (D97; D92 first had 5 %, about 29 px on a 1024 × 576 stage, so the next item nearly hid the last).
 */
export const CASCADE_STEP = 0.1;

type Rect = Pick<Box, 'left' | 'top' | 'width' | 'height'>;

const centreOf = (box: Rect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });

/** A box over the whole stage is a backdrop (a slide's picture): anything may land on it. */
const isBackdrop = (box: Rect) =>
  box.left <= 0 && box.top <= 0 && box.left + box.width >= 1 && box.top + box.height >= 1;

/** Whether the two time ranges overlap: both items show at once. */
const together = (a: Item['timing'], b: Item['timing']) => a.start < b.stop && b.start < a.stop;

/**
 * Where a new item goes so that it does not land exactly on one already there (D92, as Canva and
 * Google Slides offset a new or pasted element): the item's own box when no item showing at the
 * same time (a backdrop over the whole stage aside) has the same centre, else its box moved down
 * and right by a step (the same number of screen px both ways, `CASCADE_STEP` of the stage's
 * shorter side, D97) until it has a centre of its own; the box stays on the stage, and past its
 * right or bottom edge the cascade starts again from the top left.
 */
export function cascadeBox<T extends Rect>(
  box: T,
  timing: Item['timing'],
  items: readonly Item[],
  stage: { width: Px; height: Px },
): T {
  const side = Math.min(stage.width, stage.height);
  const step = { x: (CASCADE_STEP * side) / stage.width, y: (CASCADE_STEP * side) / stage.height };
  const taken = items
    .filter((item) => item.type !== 'audio' && !isBackdrop(item.box) && together(item.timing, timing))
    .map((item) => centreOf(item.box));
  const free = (candidate: Rect) => {
    const c = centreOf(candidate);
    return !taken.some((t) => Math.abs(t.x - c.x) < step.x / 2 && Math.abs(t.y - c.y) < step.y / 2);
  };
  for (const place of placesFrom(box, step)) {
    const candidate = { ...box, ...place };
    if (free(candidate)) return candidate;
  }
  return box;
}

/**
 * The places tried in turn: the box's own, then a step down and right each time while the box
 * stays on the stage, then the same from the stage's top left corner.
 */
function* placesFrom(
  box: Rect,
  step: { x: number; y: number },
): Generator<{ left: StageFraction; top: StageFraction }> {
  for (const origin of [box, { left: 0, top: 0 }]) {
    for (let k = 0; ; k++) {
      const left = origin.left + k * step.x;
      const top = origin.top + k * step.y;
      if (left + box.width > 1 + 1e-9 || top + box.height > 1 + 1e-9) break;
      yield { left, top };
    }
  }
}
