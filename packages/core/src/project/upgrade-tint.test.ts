import { describe, expect, it } from 'vitest';
import { type Frame, FrameSchema } from '../video/movie';
import { buildFrames } from '../wizard/slides/build-frames';
import { markBuilt, mergeBuiltFrames } from '../wizard/slides/frame-ownership';
import v2WizardProject from './fixtures/v2-wizard-project.json';
import { CURRENT_SCHEMA_VERSION, upgradeProjectData } from './model';

const upgraded = (stored: unknown) => {
  const result = upgradeProjectData(stored);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.data;
};

const wizard = {
  slides: [
    {
      id: 'slide-a',
      settings: { layout: 'text_overlay' },
      texts: [{ id: 't1', text: 'Lighthouses guide ships home', media: [{ id: 'm', url: 'a.jpg', type: 'image' }] }],
    },
    { id: 'slide-b', settings: { layout: 'text_on_left' }, texts: [{ id: 't2', text: 'Their lamps turn all night' }] },
  ],
};

/** A frame as `buildFrames` made it before D92: the tint as an empty full-stage text item under the texts. */
function asBuiltBefore(frame: Frame): Frame {
  if (!frame.tint || !frame.origin) return frame;
  const { tint, ...rest } = frame;
  const texts = frame.items.filter((item) => item.type === 'text');
  const others = frame.items.filter((item) => item.type !== 'text');
  const overlay = {
    id: `${frame.id}-overlay`,
    label: 'overlay',
    type: 'text',
    timing: { start: 0, stop: frame.duration },
    box: { left: 0, top: 0, width: 1, height: 1 },
    paragraphs: [{ runs: [{ text: '' }] }],
    container: { backgroundColor: tint.color, backgroundAlpha: tint.alpha },
  };
  const old = FrameSchema.parse({ ...rest, items: [...texts, overlay, ...others] });
  return markBuilt(old, frame.origin.kind, frame.origin.id);
}

/** A version-3 document of those frames, through JSON as stored. */
/** A deep copy (core's tsconfig has no `structuredClone`: it targets both runtimes' shared library). */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const storedV3 = (frames: Frame[]) => JSON.parse(JSON.stringify({ schemaVersion: 3, wizard, video: { frames } }));

describe('upgrade to version 4 (FrameTint, D92)', () => {
  it("turns the wizard's tint item into the frame's tint, as the wizard now builds it", () => {
    const built = buildFrames(wizard);
    expect(built[0]!.tint).toEqual({ color: '#000000', alpha: 0.4 });
    const before = storedV3(built.map(asBuiltBefore));
    expect(before.video.frames[0].items.map((item: { label?: string }) => item.label)).toContain('overlay');
    const data = upgraded(before);
    expect(data.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(data.video.frames).toEqual(built);
  });

  it('keeps an unedited frame counted as built, and an edited one as edited', () => {
    const built = buildFrames(wizard);
    const old = built.map(asBuiltBefore);
    const edited = clone(old);
    const caption = edited[0]!.items[0]!;
    caption.box = { ...caption.box, top: 0.1 };
    const rebuilt = buildFrames(wizard);
    expect(mergeBuiltFrames(upgraded(storedV3(old)).video.frames, rebuilt)).toEqual(rebuilt);
    const kept = mergeBuiltFrames(upgraded(storedV3(edited)).video.frames, rebuilt);
    expect(kept[0]!.items[0]!.box.top).toBe(0.1);
    expect(kept[0]!.tint).toEqual({ color: '#000000', alpha: 0.4 });
    expect(kept[0]!.items.some((item) => item.label === 'overlay')).toBe(false);
  });

  it('leaves a tint item the builder changed, or one with a text under it, as an item', () => {
    const [frame] = buildFrames(wizard).map(asBuiltBefore);
    const moved = clone(frame!);
    moved.items[1]!.box = { ...moved.items[1]!.box, left: 0.2 };
    const textUnder = clone(frame!);
    textUnder.items = [textUnder.items[1]!, textUnder.items[0]!, ...textUnder.items.slice(2)];
    for (const kept of [moved, textUnder]) {
      const [after] = upgraded(storedV3([kept])).video.frames;
      expect(after!.tint).toBeUndefined();
      expect(after!.items.some((item) => item.label === 'overlay')).toBe(true);
    }
  });

  it("moves a version-2 wizard project's tint items to their frames", () => {
    const data = upgraded(v2WizardProject);
    expect(data.video.frames.map((frame) => frame.tint)).toEqual([
      undefined,
      { color: '#000000', alpha: 0.4 },
      { color: '#000000', alpha: 0.4 },
    ]);
    expect(data.video.frames.flatMap((frame) => frame.items).some((item) => item.label === 'overlay')).toBe(false);
  });

  it('reads a current document with a tint, and refuses an alpha above 1', () => {
    const frame = { id: 'f', items: [], tint: { color: '#ffffff', alpha: 0.6 } };
    const current = { schemaVersion: CURRENT_SCHEMA_VERSION, wizard: {}, video: { frames: [frame] } };
    expect(upgraded(current).video.frames[0]!.tint).toEqual({ color: '#ffffff', alpha: 0.6 });
    const wrong = { ...current, video: { frames: [{ ...frame, tint: { color: '#ffffff', alpha: 2 } }] } };
    expect(upgradeProjectData(wrong).ok).toBe(false);
  });
});
