import { animatedBox, type Item, type Keyframe, zIndexAt } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { SliderGesture } from '../../features/builder/controls/slider-gesture';
import { slide, TestEditor, textAt } from '../test/test-editor';
import {
  FADE_SECONDS,
  KEYFRAME_LAYER,
  KEYFRAME_SCALE,
  keyframePresets,
  setKeyframeEasing,
  setKeyframeLayer,
  setKeyframeOpacity,
  setKeyframeScale,
  ZOOM_FACTOR,
} from './keyframe-commands';

const at = { frameId: 'frame-1', id: 'title' };

/** A slide with a title from 1 s to 5 s and a photo behind it; the title has a keyframe at 2 s. */
function editor(keyframes: Keyframe[] = [{ delay: 1, style: { left: 0.3 } }], timing = { start: 1, stop: 5 }) {
  const title: Item = { ...textAt('title', { left: 100, top: 100, width: 200, height: 100 }, timing), keyframes };
  const e = TestEditor.create([
    slide('frame-1', [title, textAt('caption', { left: 0, top: 400, width: 300, height: 80 })]),
  ]);
  e.select(['title']);
  return e;
}

/** What the title shows at a local time (seconds since it appeared). */
const shown = (e: TestEditor, local: number) => animatedBox(e.item('title').box, e.item('title').keyframes, local);

/** Presses Escape as the page does: a slider drag under way takes it; else the editor's shortcuts get it. */
function pressEscape(e: TestEditor, slider: SliderGesture) {
  if (!slider.cancel()) e.key('Escape');
}

const sliders = [
  {
    name: 'opacity',
    command: setKeyframeOpacity,
    moves: [0.8, 0.5, 0.25],
    apply: (e: TestEditor, value: number) => e.run(setKeyframeOpacity, { ...at, delay: 1, opacity: value }),
    read: (e: TestEditor) => e.item('title').keyframes[0]!.style.opacity,
    refused: [-0.1, 1.01, Number.NaN],
  },
  {
    name: 'scale',
    command: setKeyframeScale,
    moves: [1.1, 1.5, 2],
    apply: (e: TestEditor, value: number) => e.run(setKeyframeScale, { ...at, delay: 1, scale: value }),
    read: (e: TestEditor) => e.item('title').keyframes[0]!.style.scale,
    refused: [KEYFRAME_SCALE.min - 0.01, KEYFRAME_SCALE.max + 0.01, 0, Number.POSITIVE_INFINITY],
  },
  {
    name: 'layer',
    command: setKeyframeLayer,
    moves: [1, 2, 3],
    apply: (e: TestEditor, value: number) => e.run(setKeyframeLayer, { ...at, delay: 1, zIndex: value }),
    read: (e: TestEditor) => e.item('title').keyframes[0]!.style.zIndex,
    refused: [KEYFRAME_LAYER.min - 1, KEYFRAME_LAYER.max + 1, 1.5],
  },
];

describe.each(sliders)('the picked keyframe’s $name slider', ({ command, moves, apply, read, refused }) => {
  it('applies each move live; the drag is one undo step; undo and redo take it back and again', () => {
    const e = editor();
    e.selectKeyframe('title', 1);
    const slider = new SliderGesture(e.document, command.name);
    for (const value of moves) {
      slider.change(() => apply(e, value));
      expect(read(e)).toBe(value);
    }
    slider.end();
    expect(e.document.undoNames).toEqual([command.name]);
    e.undo();
    expect(read(e)).toBeUndefined();
    expect(e.item('title').keyframes[0]!.style.left).toBe(0.3);
    e.redo();
    expect(read(e)).toBe(moves[moves.length - 1]);
  });

  it('Escape takes the drag back and nothing else: the item and its keyframe stay picked', () => {
    const e = editor();
    e.selectKeyframe('title', 1);
    const slider = new SliderGesture(e.document, command.name);
    for (const value of moves) slider.change(() => apply(e, value));
    pressEscape(e, slider);
    expect(read(e)).toBeUndefined();
    expect(e.document.canUndo).toBe(false);
    expect(e.selectedIds).toEqual(['title']);
    expect(e.snapshot.session.selectedKeyframe).toEqual({ itemId: 'title', delay: 1 });
    slider.end();
    // Without a drag, Escape is the editor's again: it lets go of the keyframe first.
    pressEscape(e, slider);
    expect(e.snapshot.session.selectedKeyframe).toBeNull();
    expect(e.selectedIds).toEqual(['title']);
  });

  it('refuses values outside its range: nothing changes and no step is left', () => {
    const e = editor();
    const before = e.data;
    for (const value of refused) expect(apply(e, value)).toBe(false);
    expect(e.data).toBe(before);
    expect(e.document.canUndo).toBe(false);
  });
});

describe('keyframe opacity, scale and layer are drawn', () => {
  it('fades, scales and raises the item toward and at the keyframe', () => {
    const e = editor();
    e.run(setKeyframeOpacity, { ...at, delay: 1, opacity: 0.2 });
    e.run(setKeyframeScale, { ...at, delay: 1, scale: 2 });
    e.run(setKeyframeLayer, { ...at, delay: 1, zIndex: 1 });
    expect(shown(e, 0.5)).toMatchObject({ opacity: 0.6, scale: 1.5 });
    expect(shown(e, 1)).toMatchObject({ opacity: 0.2, scale: 2 });
    expect(zIndexAt(e.item('title').keyframes, 0.99)).toBeUndefined();
    expect(zIndexAt(e.item('title').keyframes, 1)).toBe(1);
  });

  it('keeps 2 decimals of a slider’s value', () => {
    const e = editor();
    e.run(setKeyframeScale, { ...at, delay: 1, scale: 1.2000000000000002 });
    expect(e.item('title').keyframes[0]!.style.scale).toBe(1.2);
  });
});

describe('the picked keyframe’s easing (D94)', () => {
  it('is one undo step a click, drawn by the one interpolation; undo and redo', () => {
    const e = editor([{ delay: 2, style: { left: 0.5 } }]);
    const linear = shown(e, 1).left;
    e.run(setKeyframeEasing, { ...at, delay: 2, easing: 'ease-in' });
    e.run(setKeyframeEasing, { ...at, delay: 2, easing: 'ease-out' });
    expect(e.document.undoNames).toEqual(['setKeyframeEasing', 'setKeyframeEasing']);
    expect(e.item('title').keyframes[0]!.easing).toBe('ease-out');
    expect(shown(e, 1).left).toBeGreaterThan(linear);
    e.undo();
    expect(e.item('title').keyframes[0]!.easing).toBe('ease-in');
    expect(shown(e, 1).left).toBeLessThan(linear);
    e.redo();
    expect(e.item('title').keyframes[0]!.easing).toBe('ease-out');
  });

  it('stores linear as no easing, so the keyframe is as it was before easing existed', () => {
    const e = editor([{ delay: 2, style: { left: 0.5 } }]);
    const before = e.item('title').keyframes[0];
    e.run(setKeyframeEasing, { ...at, delay: 2, easing: 'ease-in-out' });
    e.run(setKeyframeEasing, { ...at, delay: 2, easing: 'linear' });
    expect(e.item('title').keyframes[0]).toEqual(before);
    expect('easing' in e.item('title').keyframes[0]!).toBe(false);
  });

  it('refuses an easing it does not know, and a keyframe that is not there changes nothing', () => {
    const e = editor([{ delay: 2, style: { left: 0.5 } }]);
    expect(e.run(setKeyframeEasing, { ...at, delay: 2, easing: 'bounce' as never })).toBe(false);
    expect(e.run(setKeyframeEasing, { ...at, delay: 3, easing: 'ease-in' })).toBe(false);
    expect(e.document.canUndo).toBe(false);
  });
});

describe('quick keyframes: a fade or a zoom in one click (D94)', () => {
  const plain = () => editor([]);

  it('Fade in: invisible at the item’s start, shown 0.5 s later; one undo step; undo and redo', () => {
    const e = plain();
    e.run(keyframePresets['fade-in'], at);
    expect(e.item('title').keyframes).toEqual([
      { delay: 0, style: { opacity: 0 } },
      { delay: FADE_SECONDS, style: { opacity: 1 } },
    ]);
    expect(shown(e, 0.25).opacity).toBeCloseTo(0.5);
    expect(e.document.undoNames).toEqual(['keyframeFadeIn']);
    e.undo();
    expect(e.item('title').keyframes).toEqual([]);
    e.redo();
    expect(e.item('title').keyframes).toHaveLength(2);
  });

  it('Fade out: shown until 0.5 s before the item’s end, invisible at its end', () => {
    const e = plain();
    e.run(keyframePresets['fade-out'], at);
    expect(e.item('title').keyframes).toEqual([
      { delay: 3.5, style: { opacity: 1 } },
      { delay: 4, style: { opacity: 0 } },
    ]);
    expect(shown(e, 3.75).opacity).toBeCloseTo(0.5);
    expect(e.document.undoNames).toEqual(['keyframeFadeOut']);
  });

  it('Zoom in and Zoom out: the scale goes between 100 % and 120 % from the item’s start to its end', () => {
    const e = plain();
    e.run(keyframePresets['zoom-in'], at);
    expect(e.item('title').keyframes).toEqual([
      { delay: 0, style: { scale: 1 } },
      { delay: 4, style: { scale: ZOOM_FACTOR } },
    ]);
    expect(shown(e, 2).scale).toBeCloseTo(1.1);
    e.run(keyframePresets['zoom-out'], at);
    expect(shown(e, 0).scale).toBeCloseTo(1.2);
    expect(shown(e, 4).scale).toBeCloseTo(1);
    expect(e.document.undoNames).toEqual(['keyframeZoomIn', 'keyframeZoomOut']);
  });

  it('a fade on a short item lasts at most half of it', () => {
    const e = editor([], { start: 1, stop: 1.6 });
    e.run(keyframePresets['fade-in'], at);
    e.run(keyframePresets['fade-out'], at);
    expect(e.item('title').keyframes.map((k) => [k.delay, k.style.opacity])).toEqual([
      [0, 0],
      [0.3, 1],
      [0.6, 0],
    ]);
  });

  it('applied again, a preset changes nothing and leaves no second step', () => {
    const e = plain();
    e.run(keyframePresets['fade-in'], at);
    expect(e.run(keyframePresets['fade-in'], at)).toBe(false);
    expect(e.document.undoNames).toEqual(['keyframeFadeIn']);
  });

  it('a fade and a zoom make one animation: the zoom runs through the fade’s keyframe', () => {
    const e = plain();
    e.run(keyframePresets['fade-in'], at);
    e.run(keyframePresets['zoom-in'], at);
    for (const local of [0, 0.25, 0.5, 1, 2, 4]) expect(shown(e, local).scale).toBeCloseTo(1 + 0.2 * (local / 4), 6);
    expect(shown(e, 0.25).opacity).toBeCloseTo(0.5);
    expect(shown(e, 2).opacity).toBe(1);
  });

  it('leaves the item’s other motion as it was', () => {
    const moving: Keyframe[] = [
      { delay: 1, style: { left: 0.3 } },
      { delay: 3, style: { left: 0.6, rotate: 30 } },
    ];
    const e = editor(moving);
    const before = [0, 0.3, 1, 2, 3.7, 4].map((local) => shown(e, local));
    e.run(keyframePresets['fade-out'], at);
    e.run(keyframePresets['zoom-in'], at);
    [0, 0.3, 1, 2, 3.7, 4].forEach((local, i) => {
      expect(shown(e, local).left).toBeCloseTo(before[i]!.left, 9);
      expect(shown(e, local).rotate).toBeCloseTo(before[i]!.rotate, 9);
    });
  });

  it('is one step, and Escape after it takes nothing back: it is no gesture', () => {
    const e = plain();
    e.run(keyframePresets['zoom-in'], at);
    e.key('Escape');
    expect(e.item('title').keyframes).toHaveLength(2);
    expect(e.document.undoNames).toEqual(['keyframeZoomIn']);
  });
});

describe('Add keyframe inside a fade or a zoom moves nothing', () => {
  it('holds the faded opacity and the zoomed scale at the playhead', () => {
    const e = editor([]);
    e.run(keyframePresets['fade-in'], at);
    e.run(keyframePresets['zoom-in'], at);
    const before = [0.1, 0.25, 0.4, 1, 3].map((local) => shown(e, local));
    e.setPlayhead(1.25);
    expect(e.addKeyframe()).toBe(true);
    const added = e.item('title').keyframes.find((k) => k.delay === 0.25)!;
    expect(added.style.opacity).toBeCloseTo(0.5);
    expect(added.style.scale).toBeCloseTo(1.0125);
    [0.1, 0.25, 0.4, 1, 3].forEach((local, i) => {
      expect(shown(e, local).opacity).toBeCloseTo(before[i]!.opacity, 9);
      expect(shown(e, local).scale).toBeCloseTo(before[i]!.scale, 9);
    });
  });
});
