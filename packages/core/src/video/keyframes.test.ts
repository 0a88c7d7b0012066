import { describe, expect, it } from 'vitest';
import { createTextItem } from './factories';
import type { Box, Keyframe } from './item';
import { animatedBox, stackAt, zIndexAt } from './keyframes';
import { activeKeyframe } from './timing';

const box: Box = { left: 0, top: 0.2, width: 0.5, height: 0.4, rotate: 0, opacity: 1 };
const keyframes: Keyframe[] = [
  { delay: 1, style: { left: 0.4, scale: 2 } },
  { delay: 3, style: { left: 0.2, opacity: 0 } },
];

describe('animatedBox (D36): keyframes interpolate from the item, exact at each delay, holding after the last', () => {
  it("is the item's own values at delay 0 and without keyframes", () => {
    expect(animatedBox(box, keyframes, 0)).toEqual({ ...box, rotateX: 0, rotateY: 0, scale: 1, scaleX: 1, scaleY: 1 });
    expect(animatedBox(box, [], 2)).toEqual(animatedBox(box, keyframes, 0));
  });

  it("moves from the item's values toward the first keyframe before it", () => {
    const halfway = animatedBox(box, keyframes, 0.5);
    expect(halfway.left).toBeCloseTo(0.2);
    expect(halfway.scale).toBeCloseTo(1.5);
    expect(halfway.top).toBe(0.2);
  });

  it("has exactly a keyframe's values at its delay", () => {
    expect(animatedBox(box, keyframes, 1)).toMatchObject({ left: 0.4, scale: 2, opacity: 1 });
    expect(animatedBox(box, keyframes, 3)).toMatchObject({ left: 0.2, scale: 2, opacity: 0 });
  });

  it('moves every property linearly between one keyframe and the next; unset ones carry over', () => {
    const between = animatedBox(box, keyframes, 2.5);
    expect(between.left).toBeCloseTo(0.25);
    expect(between.opacity).toBeCloseTo(0.25);
    expect(between.scale).toBe(2);
  });

  it('holds the last keyframe after it', () => {
    expect(animatedBox(box, keyframes, 9)).toEqual(animatedBox(box, keyframes, 3));
  });

  it('jumps when a keyframe sits at delay 0, and ignores negative delays', () => {
    expect(animatedBox(box, [{ delay: 0, style: { left: 0.7 } }], 0).left).toBe(0.7);
    expect(animatedBox(box, [{ delay: -1, style: { left: 0.7 } }], 2).left).toBe(0);
  });

  it('does not depend on the order of the list; on equal delays the later keyframe wins', () => {
    expect(animatedBox(box, [...keyframes].reverse(), 2)).toEqual(animatedBox(box, keyframes, 2));
    const tied = [
      { delay: 1, style: { left: 0.1 } },
      { delay: 1, style: { left: 0.9 } },
    ];
    expect(animatedBox(box, tied, 1).left).toBe(0.9);
  });

  it("agrees with the spec's active keyframe at that keyframe's delay", () => {
    for (const local of [1, 3]) {
      const active = activeKeyframe(keyframes, local)!;
      expect(animatedBox(box, keyframes, local)).toMatchObject(active.style);
    }
  });
});

describe('z-index in keyframes (002 §3): a step, ordering the layers', () => {
  const layer = (id: string, keyframes: Keyframe[] = [], start = 0) =>
    createTextItem(id, id, { keyframes, timing: { start, stop: 5 } });
  const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

  it('steps: none before the first keyframe that sets one, then the latest one set, never in between', () => {
    const frames = [
      { delay: 1, style: { zIndex: 2 } },
      { delay: 2, style: { left: 0.5 } },
      { delay: 3, style: { zIndex: -1 } },
    ];
    expect(zIndexAt(frames, 0.5)).toBeUndefined();
    expect(zIndexAt(frames, 1)).toBe(2);
    expect(zIndexAt(frames, 2.9)).toBe(2);
    expect(zIndexAt(frames, 3)).toBe(-1);
    expect(zIndexAt(frames, -1)).toBeUndefined();
  });

  it('keeps the list order (top layer first) when no keyframe sets a z-index', () => {
    const items = [layer('a'), layer('b', [{ delay: 1, style: { left: 0.2 } }])];
    expect(stackAt(items, 2)).toBe(items);
  });

  it('puts a higher z-index on top from its keyframe on; equal ones keep the list order', () => {
    const items = [layer('a'), layer('b'), layer('c', [{ delay: 1, style: { zIndex: 1 } }]), layer('d')];
    expect(ids(stackAt(items, 0.5))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(stackAt(items, 1))).toEqual(['c', 'a', 'b', 'd']);
  });

  it('sinks a negative z-index under the items without one', () => {
    const items = [layer('a', [{ delay: 0, style: { zIndex: -1 } }]), layer('b'), layer('c')];
    expect(ids(stackAt(items, 0))).toEqual(['b', 'c', 'a']);
  });

  it("reads each item's keyframes at its own local playhead", () => {
    const late = layer('late', [{ delay: 1, style: { zIndex: 5 } }], 2);
    const items = [layer('a'), late];
    expect(ids(stackAt(items, 2.5))).toEqual(['a', 'late']);
    expect(ids(stackAt(items, 3))).toEqual(['late', 'a']);
  });
});
