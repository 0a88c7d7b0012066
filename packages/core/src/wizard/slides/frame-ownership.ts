import { canonicalJson } from '../../canonical-json';
import type { Item } from '../../video/item';
import type { Frame, FrameOrigin } from '../../video/movie';
import { hashString } from './frame-key';

/** A text's layout cache is derived from the text, not authored: storing one is not an edit. */
const withoutLayoutCache = (item: Item) => (item.type === 'text' ? { ...item, layoutCache: undefined } : item);

/**
 * A fingerprint of what the author can change in a frame, synchronous and the same on every
 * machine: the canonical JSON of the frame without its id, its origin and text layout caches,
 * as its length and its FNV-1a hash. Equal content always agrees; an edit goes unseen only if it
 * keeps the length and collides in 32 bits (about 1 in 4 billion), and a one-character change
 * never does.
 */
export function frameFingerprint(frame: Frame): string {
  const json = canonicalJson({
    ...frame,
    id: undefined,
    origin: undefined,
    items: frame.items.map(withoutLayoutCache),
  });
  return `${json.length.toString(36)}-${hashString(json).toString(16).padStart(8, '0')}`;
}

/** A frame as built from a slide or contact item, with that origin and its fingerprint recorded. */
export function markBuilt(frame: Frame, kind: FrameOrigin['kind'], id: string): Frame {
  return { ...frame, origin: { kind, id, builtHash: frameFingerprint(frame) } };
}

/** Whether the builder changed a built frame since it was built (never for frames it added). */
const editedSinceBuilt = (frame: Frame) =>
  frame.origin !== undefined && frameFingerprint(frame) !== frame.origin.builtHash;

const originKey = (frame: Frame) => (frame.origin ? `${frame.origin.kind}:${frame.origin.id}` : null);

/** 'frame-N', one above the highest N in use (the builder names the frames it adds alike). */
function unusedFrameId(ids: ReadonlySet<string>): string {
  let highest = 0;
  for (const id of ids) highest = Math.max(highest, Number(/^frame-(\d+)$/.exec(id)?.[1] ?? 0));
  return `frame-${highest + 1}`;
}

/**
 * The movie's frames after the wizard builds them again (`built`, from `buildFrames`), keeping
 * every frame the builder changed or made (D38):
 * - a slide's (or contact item's) frame that nobody edited is replaced by the new one, which
 *   keeps the old frame's id;
 * - a frame the builder edited stays as it is, in its slide's place;
 * - a frame the builder added (no origin), or copied from a built one (the same origin again),
 *   stays after the frame it followed;
 * - a frame whose slide is gone from the wizard goes if nobody edited it, and stays like an
 *   added frame if somebody did.
 * Frames of slides follow the wizard's order. Ids stay unique: a new frame whose id is taken
 * gets an unused `frame-N`.
 */
export function mergeBuiltFrames(existing: readonly Frame[], built: readonly Frame[]): Frame[] {
  const builtKeys = new Set(built.map(originKey));
  // The existing frame that stands for each slide, and the frames kept after each of those
  // (under null: before any of them).
  const matched = new Map<string, Frame>();
  const following = new Map<string | null, Frame[]>();
  let anchor: string | null = null;
  for (const frame of existing) {
    const key = originKey(frame);
    if (key !== null && builtKeys.has(key) && !matched.has(key)) {
      matched.set(key, frame);
      anchor = key;
    } else if (key === null || matched.has(key) || editedSinceBuilt(frame)) {
      following.set(anchor, [...(following.get(anchor) ?? []), frame]);
    }
  }
  const ids = new Set([...matched.values(), ...[...following.values()].flat()].map((frame) => frame.id));
  const claim = (wanted: string) => {
    const id = ids.has(wanted) ? unusedFrameId(ids) : wanted;
    ids.add(id);
    return id;
  };
  const merged = [...(following.get(null) ?? [])];
  for (const frame of built) {
    const key = originKey(frame);
    const old = key === null ? undefined : matched.get(key);
    if (old && editedSinceBuilt(old)) merged.push(old);
    else merged.push({ ...frame, id: old ? old.id : claim(frame.id) });
    if (key !== null) merged.push(...(following.get(key) ?? []));
  }
  return merged;
}
