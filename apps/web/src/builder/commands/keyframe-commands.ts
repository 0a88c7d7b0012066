import {
  animatedBox,
  EASINGS,
  type Easing,
  heldStyle,
  type Item,
  type Keyframe,
  type KeyframeStyle,
  normalizeKeyframes,
  roundTo,
  type Seconds,
} from '@reelwright/core';
import { current, isDraft } from 'immer';
import { type Command, defineCommand } from './define';
import { frameOf, itemOf } from './lookup';

/*
 * The keyframe inspector's edits (issue 32 item 3, D94): a picked keyframe's opacity, scale,
 * layer and easing, and the quick fades and zooms. A value outside its range refuses the whole
 * change, which then changes nothing and leaves no undo step.
 */

/** Scale a keyframe may set: 10 % to 400 % of the item's box (CapCut's keyframe scale range is similar). */
export const KEYFRAME_SCALE = { min: 0.1, max: 4 } as const;
/** Layers a keyframe may set; items without one are at 0, higher draws above (D37). */
export const KEYFRAME_LAYER = { min: -10, max: 10 } as const;
/** How long a quick fade lasts, at most half the item (CapCut's and Canva's default fades). */
export const FADE_SECONDS = 0.5;
/** How far a quick zoom goes, from the item's scale to this many times it (a slow push-in). */
export const ZOOM_FACTOR = 1.2;

/** The keyframe at `delay` of item `id`: which keyframe an edit changes. */
export type KeyframeRef = { frameId: string; id: string; delay: Seconds };

function keyframeOf(draft: Parameters<typeof frameOf>[0], { frameId, id, delay }: KeyframeRef): Keyframe | undefined {
  return itemOf(frameOf(draft, frameId), id).keyframes.find((keyframe) => keyframe.delay === delay);
}

const inRange = (value: number, range: { min: number; max: number }) =>
  Number.isFinite(value) && value >= range.min && value <= range.max;

/** The picked keyframe's opacity, 0–1 (a slider: one step per drag). */
export const setKeyframeOpacity = defineCommand<KeyframeRef & { opacity: number }>({
  name: 'setKeyframeOpacity',
  perform(draft, { opacity, ...at }) {
    if (!inRange(opacity, { min: 0, max: 1 })) return;
    const keyframe = keyframeOf(draft, at);
    if (keyframe) keyframe.style.opacity = roundTo(opacity, 2);
  },
});

/** The picked keyframe's scale about the item's centre, 0.1–4 (a slider: one step per drag). */
export const setKeyframeScale = defineCommand<KeyframeRef & { scale: number }>({
  name: 'setKeyframeScale',
  perform(draft, { scale, ...at }) {
    if (!inRange(scale, KEYFRAME_SCALE)) return;
    const keyframe = keyframeOf(draft, at);
    if (keyframe) keyframe.style.scale = roundTo(scale, 2);
  },
});

/** The picked keyframe's layer (z-index) from its time on, a whole number in −10–10. */
export const setKeyframeLayer = defineCommand<KeyframeRef & { zIndex: number }>({
  name: 'setKeyframeLayer',
  perform(draft, { zIndex, ...at }) {
    if (!Number.isInteger(zIndex) || !inRange(zIndex, KEYFRAME_LAYER)) return;
    const keyframe = keyframeOf(draft, at);
    if (keyframe) keyframe.style.zIndex = zIndex;
  },
});

/**
 * How the item moves into the picked keyframe (D94). Linear is the default and is stored as no
 * easing at all, so choosing it gives back the document as it was before easing existed.
 */
export const setKeyframeEasing = defineCommand<KeyframeRef & { easing: Easing }>({
  name: 'setKeyframeEasing',
  perform(draft, { easing, ...at }) {
    if (!EASINGS.includes(easing)) return;
    const keyframe = keyframeOf(draft, at);
    if (!keyframe) return;
    if (easing === 'linear') delete keyframe.easing;
    else keyframe.easing = easing;
  },
});

// Quick fades and zooms (D94)

export const KEYFRAME_PRESETS = ['fade-in', 'fade-out', 'zoom-in', 'zoom-out'] as const;
export type KeyframePreset = (typeof KEYFRAME_PRESETS)[number];

/** A preset as two keyframes: a property going from one value to another between two delays. */
type PresetSpan = { property: 'opacity' | 'scale'; from: Seconds; to: Seconds; values: [number, number] };

/** Seconds rounded down to the 2 decimals keyframe delays keep (spec 002 §5), so the end stays inside the item. */
const floor2 = (seconds: number) => Math.floor(seconds * 100 + 1e-6) / 100;

function presetSpan(item: Item, preset: KeyframePreset): PresetSpan {
  const duration = floor2(item.timing.stop - item.timing.start);
  const at = (local: Seconds) => animatedBox(item.box, item.keyframes, local);
  const fade = Math.min(FADE_SECONDS, floor2(duration / 2));
  /** The opacity a fade comes from or goes to: the item's there, or fully shown when it is already hidden. */
  const shown = (local: Seconds) => (at(local).opacity > 0 ? at(local).opacity : 1);
  const scale = at(0).scale;
  const zoomed = roundTo(Math.min(scale * ZOOM_FACTOR, KEYFRAME_SCALE.max), 2);
  switch (preset) {
    case 'fade-in':
      return { property: 'opacity', from: 0, to: fade, values: [0, shown(fade)] };
    case 'fade-out':
      return {
        property: 'opacity',
        from: roundTo(duration - fade, 2),
        to: duration,
        values: [shown(duration - fade), 0],
      };
    case 'zoom-in':
      return { property: 'scale', from: 0, to: duration, values: [scale, zoomed] };
    case 'zoom-out':
      return { property: 'scale', from: 0, to: duration, values: [zoomed, scale] };
  }
}

/**
 * The item's keyframes with a preset applied (D94): a keyframe at each end of the preset's span
 * setting its property (an existing keyframe there keeps its other values; a new one holds what
 * the item shows there, so nothing else moves), and keyframes inside the span set on the straight
 * line between the two ends, so the fade or zoom runs through them.
 */
export function withPreset(item: Item, preset: KeyframePreset): Keyframe[] {
  const { property, from, to, values } = presetSpan(item, preset);
  const keyframes = item.keyframes.map((keyframe) => ({ ...keyframe, style: { ...keyframe.style } }));
  const line = (delay: Seconds) =>
    roundTo(values[0] + ((values[1] - values[0]) * (delay - from)) / Math.max(to - from, 1e-9), 4);
  for (const keyframe of keyframes) {
    if (keyframe.delay > from && keyframe.delay < to) keyframe.style[property] = line(keyframe.delay);
  }
  for (const [delay, value] of [
    [from, values[0]],
    [to, values[1]],
  ] as const) {
    const existing = keyframes.find((keyframe) => keyframe.delay === delay);
    if (existing) existing.style[property] = value;
    else {
      const style: KeyframeStyle = { ...heldStyle(item.box, item.keyframes, delay), [property]: value };
      keyframes.push({ delay, style });
    }
  }
  return normalizeKeyframes(keyframes);
}

const preset = (name: string, which: KeyframePreset): Command<{ frameId: string; id: string }> =>
  defineCommand({
    name,
    perform(draft, { frameId, id }) {
      const item = itemOf(frameOf(draft, frameId), id);
      if (item.type === 'audio') return;
      const plain = isDraft(item) ? current(item) : item;
      const keyframes = withPreset(plain, which);
      // Applied a second time, a preset changes nothing and leaves no undo step.
      if (JSON.stringify(keyframes) !== JSON.stringify(plain.keyframes)) item.keyframes = keyframes;
    },
  });

/** Each quick action is one named command: one click, one undo step. */
export const keyframePresets: Record<KeyframePreset, Command<{ frameId: string; id: string }>> = {
  'fade-in': preset('keyframeFadeIn', 'fade-in'),
  'fade-out': preset('keyframeFadeOut', 'fade-out'),
  'zoom-in': preset('keyframeZoomIn', 'zoom-in'),
  'zoom-out': preset('keyframeZoomOut', 'zoom-out'),
};
