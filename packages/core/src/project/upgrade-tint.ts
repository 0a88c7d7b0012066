import type { Item } from '../video/item';
import { type Frame, FrameSchema } from '../video/movie';
import { frameFingerprint } from '../wizard/slides/frame-ownership';

/** Item kinds a frame's tint lies over when they are at the bottom of its stack (D92). */
const UNDER_TINT: ReadonlySet<Item['type']> = new Set(['image', 'video', 'gallery', 'audio']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Whether `item` is the wizard's old tint item as it built it, untouched: an empty text with a
 * coloured container over the whole stage for the whole frame, with no keyframes or effects.
 */
function isBuiltTintItem(item: Item, frameDuration: number): item is Extract<Item, { type: 'text' }> {
  if (item.type !== 'text' || item.label !== 'overlay' || !item.id.endsWith('-overlay') || !item.container) {
    return false;
  }
  const empty = item.paragraphs.every((p) => p.runs.every((run) => run.text === ''));
  const { box } = item;
  const fullStage = box.left === 0 && box.top === 0 && box.width === 1 && box.height === 1 && !box.rotate;
  const still = item.keyframes.length === 0 && !item.fx.show && !item.fx.hide && !item.fx.stay;
  const whole = item.timing.start === 0 && item.timing.stop >= frameDuration;
  const plain = !item.container.animation && !item.container.backgroundFx && !item.container.backdropBlur;
  return empty && fullStage && still && whole && plain && box.opacity === 1;
}

/**
 * A frame of a version-3 document with the wizard's tint item, as `buildFrames` made it before
 * frames had a tint: the item goes and its colour and alpha become the frame's `tint` (D92).
 * Only when the change draws the same picture: the item untouched, and nothing but pictures
 * (and sound) under it. A frame that counted as built still does (its fingerprint is taken
 * again), so the next rebuild replaces it as before. Anything else is returned as it was.
 */
export function tintItemToFrameTint(raw: unknown): unknown {
  if (!isRecord(raw) || !Array.isArray(raw.items) || raw.tint !== undefined) return raw;
  const parsed = FrameSchema.safeParse(raw);
  if (!parsed.success) return raw;
  const frame: Frame = parsed.data;
  const index = frame.items.findIndex((item) => isBuiltTintItem(item, frame.duration));
  if (index < 0) return raw;
  const below = frame.items.slice(index + 1);
  if (!below.every((item) => UNDER_TINT.has(item.type))) return raw;
  const item = frame.items[index]!;
  if (item.type !== 'text' || !item.container) return raw;
  const rawItems: unknown[] = raw.items;
  const items = rawItems.filter((entry) => !(isRecord(entry) && entry.id === item.id));
  const tint = { color: item.container.backgroundColor, alpha: item.container.backgroundAlpha };
  const upgraded: Record<string, unknown> = { ...raw, items, tint };
  const origin = frame.origin;
  if (origin && frameFingerprint(frame) === origin.builtHash) {
    const after = FrameSchema.safeParse(upgraded);
    if (after.success) upgraded.origin = { ...origin, builtHash: frameFingerprint(after.data) };
  }
  return upgraded;
}
