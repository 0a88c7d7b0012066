import { describe, expect, it } from 'vitest';
import { createTextItem } from './factories';
import type { Box, Keyframe } from './item';
import { animatedBox, heldStyle, stackAt, zIndexAt } from './keyframes';
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

describe('easing per segment (D94): the keyframe moved into names the curve', () => {
  /** Opacity 1 → 0 from the item's start to 1 s, then scale 1 → 3 from 1 s to 3 s. */
  const eased = (first?: Keyframe['easing'], second?: Keyframe['easing']): Keyframe[] => [
    { delay: 1, style: { opacity: 0 }, easing: first },
    { delay: 3, style: { scale: 3 }, easing: second },
  ];

  it.each([
    ['linear', 0.5],
    ['ease-in', 0.315357],
    ['ease-out', 0.684643],
    ['ease-in-out', 0.5],
  ] as const)('%s: the segment from the item’s own values has gone %s of the way at its midpoint', (easing, share) => {
    expect(animatedBox(box, eased(easing), 0.5).opacity).toBeCloseTo(1 - share, 5);
  });

  it.each([
    ['linear', 0.5, 0.25],
    ['ease-in', 0.315357, 0.093465],
    ['ease-in-out', 0.5, 0.129162],
    ['ease-out', 0.684643, 0.378138],
  ] as const)(
    '%s: a segment between two keyframes has gone %s at its midpoint, %s at its first quarter',
    (easing, half, quarter) => {
      const keyframes = eased('linear', easing);
      expect(animatedBox(box, keyframes, 2).scale).toBeCloseTo(1 + 2 * half, 5);
      expect(animatedBox(box, keyframes, 1.5).scale).toBeCloseTo(1 + 2 * quarter, 5);
    },
  );

  it('eases every property of the segment alike, and only that segment', () => {
    const keyframes: Keyframe[] = [
      { delay: 1, style: { left: 0.4, width: 0.7 } },
      { delay: 3, style: { left: 0.8, width: 0.3 }, easing: 'ease-in' },
    ];
    const mid = animatedBox(box, keyframes, 2);
    expect(mid.left).toBeCloseTo(0.4 + 0.4 * 0.315357, 5);
    expect(mid.width).toBeCloseTo(0.7 - 0.4 * 0.315357, 5);
    expect(animatedBox(box, keyframes, 0.5).left).toBeCloseTo(0.2);
  });

  it('keeps every keyframe exact at its delay and the last one held, whatever the easing', () => {
    const keyframes = eased('ease-in', 'ease-out');
    expect(animatedBox(box, keyframes, 1)).toMatchObject({ opacity: 0, scale: 1 });
    expect(animatedBox(box, keyframes, 3)).toMatchObject({ opacity: 0, scale: 3 });
    expect(animatedBox(box, keyframes, 7)).toEqual(animatedBox(box, keyframes, 3));
  });

  it('never eases the z-index: a step at its keyframe', () => {
    const keyframes: Keyframe[] = [{ delay: 2, style: { zIndex: 3 }, easing: 'ease-in-out' }];
    expect(zIndexAt(keyframes, 1.99)).toBeUndefined();
    expect(zIndexAt(keyframes, 2)).toBe(3);
  });
});

describe('heldStyle: what a new keyframe holds so that adding it moves nothing', () => {
  it('holds the value there of every property some keyframe sets, and nothing else', () => {
    const held = heldStyle(box, keyframes, 2);
    expect(Object.keys(held).sort()).toEqual(['left', 'opacity', 'scale']);
    expect(held.left).toBeCloseTo(0.3, 9);
    expect(held.scale).toBe(2);
    expect(held.opacity).toBeCloseTo(0.5, 9);
    expect(heldStyle(box, [], 2)).toEqual({});
  });

  it('leaves linear motion as it was when the held keyframe is added', () => {
    const added = [...keyframes, { delay: 2, style: heldStyle(box, keyframes, 2) }];
    for (const local of [0.5, 1.5, 2, 2.5, 3]) {
      const before = animatedBox(box, keyframes, local);
      const after = animatedBox(box, added, local);
      for (const property of ['left', 'scale', 'opacity'] as const) {
        expect(after[property]).toBeCloseTo(before[property], 9);
      }
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
