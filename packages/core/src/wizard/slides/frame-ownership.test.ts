import { describe, expect, it } from 'vitest';
import { createFrame, createTextItem } from '../../video/factories';
import { type Frame, FrameSchema } from '../../video/movie';
import { buildFrames } from './build-frames';
import { frameFingerprint, markBuilt, mergeBuiltFrames } from './frame-ownership';

/** A wizard of slides with one line each: `[id, line]`. */
const wizardOf = (...slides: [string, string][]) => ({
  slides: slides.map(([id, text]) => ({ id, texts: [{ id: `${id}-line`, text }] })),
});
const ids = (frames: readonly Frame[]) => frames.map((frame) => frame.id);
const origins = (frames: readonly Frame[]) => frames.map((frame) => frame.origin?.id ?? `(added ${frame.id})`);
const lines = (frames: readonly Frame[]) =>
  frames.map((frame) => frame.items.flatMap((item) => (item.type === 'text' ? item.paragraphs[0]!.runs[0]!.text : [])));

/** The builder moving a frame's first item a little. */
function editInBuilder(frame: Frame): Frame {
  const [first, ...rest] = frame.items;
  return { ...frame, items: [{ ...first!, box: { ...first!.box, left: first!.box.left + 0.05 } }, ...rest] };
}
const handMade = (id: string) => createFrame(id, { items: [createTextItem(`${id}-text`, 'By hand')] });

describe('frame fingerprints (D38)', () => {
  const [built] = buildFrames(wizardOf(['a', 'First line of text']));

  it('records what built each frame and its fingerprint as built', () => {
    expect(built!.origin).toEqual({ kind: 'slide', id: 'a', builtHash: frameFingerprint(built!) });
    const intro = buildFrames({ social: { intro: { enabled: true, value: 'Hello' } } })[0]!;
    expect(intro.origin).toMatchObject({ kind: 'contact', id: 'intro' });
  });

  it('survives saving and loading: the same after a round trip through JSON and the schema', () => {
    const loaded = FrameSchema.parse(JSON.parse(JSON.stringify(built)));
    expect(frameFingerprint(loaded)).toBe(built!.origin!.builtHash);
  });

  it('changes with any edit, not with the id, the origin or a stored text layout', () => {
    expect(frameFingerprint(editInBuilder(built!))).not.toBe(frameFingerprint(built!));
    expect(frameFingerprint({ ...built!, duration: built!.duration + 1 })).not.toBe(frameFingerprint(built!));
    expect(frameFingerprint({ ...built!, id: 'frame-9', origin: undefined })).toBe(frameFingerprint(built!));
    const cached = built!.items.map((item) =>
      item.type === 'text'
        ? { ...item, layoutCache: { key: 'k', lines: [[0, 0, 5]] as [number, number, number][] } }
        : item,
    );
    expect(frameFingerprint({ ...built!, items: cached })).toBe(frameFingerprint(built!));
  });

  it('markBuilt records the fingerprint of the frame it is given', () => {
    const frame = createFrame('f');
    expect(markBuilt(frame, 'slide', 's').origin?.builtHash).toBe(frameFingerprint(frame));
  });
});

describe('mergeBuiltFrames: a rebuild keeps the builder’s work (D38)', () => {
  const first = buildFrames(wizardOf(['a', 'Alpha line one'], ['b', 'Bravo line two'], ['c', 'Charlie line three']));

  it('takes the built frames as they are into a movie without frames', () => {
    expect(mergeBuiltFrames([], first)).toEqual(first);
  });

  it('regenerates frames nobody touched, with what the wizard now says', () => {
    const rebuilt = buildFrames(wizardOf(['a', 'Alpha changed'], ['b', 'Bravo line two'], ['c', 'Charlie line three']));
    const merged = mergeBuiltFrames(first, rebuilt);
    expect(merged).toEqual(rebuilt);
    expect(lines(merged)[0]).toEqual(['Alpha changed']);
  });

  it('keeps a frame the builder edited, unchanged and in its slide’s place, through any number of rebuilds', () => {
    const edited = editInBuilder(first[1]!);
    const rebuilt = buildFrames(wizardOf(['a', 'Alpha changed'], ['b', 'Bravo changed'], ['c', 'Charlie changed']));
    const once = mergeBuiltFrames([first[0]!, edited, first[2]!], rebuilt);
    expect(once[1]).toBe(edited);
    expect(lines(once)).toEqual([['Alpha changed'], ['Bravo line two'], ['Charlie changed']]);
    expect(mergeBuiltFrames(once, rebuilt)).toEqual(once);
  });

  it('keeps frames the builder added, after the frame they followed, and at the start when first', () => {
    const existing = [handMade('frame-7'), first[0]!, first[1]!, handMade('frame-8'), first[2]!];
    const merged = mergeBuiltFrames(existing, buildFrames(wizardOf(['a', 'A'], ['b', 'B'], ['c', 'C'])));
    expect(origins(merged)).toEqual(['(added frame-7)', 'a', 'b', '(added frame-8)', 'c']);
    expect(merged[0]).toBe(existing[0]);
    expect(merged[3]).toBe(existing[3]);
  });

  it('keeps a copy the builder made of a built frame as an added frame', () => {
    const copy = { ...first[0]!, id: 'frame-4' };
    const merged = mergeBuiltFrames([first[0]!, copy, first[1]!, first[2]!], first);
    expect(ids(merged)).toEqual(['frame-1', 'frame-4', 'frame-2', 'frame-3']);
  });

  it('drops the untouched frame of a slide deleted in the wizard, but keeps an edited one in its place', () => {
    const withoutB = buildFrames(wizardOf(['a', 'Alpha line one'], ['c', 'Charlie line three']));
    expect(origins(mergeBuiltFrames(first, withoutB))).toEqual(['a', 'c']);
    const edited = editInBuilder(first[1]!);
    const merged = mergeBuiltFrames([first[0]!, edited, first[2]!], withoutB);
    expect(merged.map((frame) => frame.origin?.id)).toEqual(['a', 'b', 'c']);
    expect(merged[1]).toBe(edited);
  });

  it('adds the frame of a new slide where the wizard puts it, and follows the wizard’s order', () => {
    const rebuilt = buildFrames(
      wizardOf(['c', 'Charlie line three'], ['new', 'A new slide'], ['a', 'Alpha line one'], ['b', 'Bravo line two']),
    );
    expect(origins(mergeBuiltFrames(first, rebuilt))).toEqual(['c', 'new', 'a', 'b']);
  });

  it('keeps the ids of regenerated frames, and gives a new frame an unused id', () => {
    const edited = editInBuilder(first[1]!);
    // A new slide first: built as frame-1, a, b and c as frame-2 … frame-4.
    const rebuilt = buildFrames(
      wizardOf(['new', 'A new slide'], ['a', 'Alpha line one'], ['b', 'Bravo line two'], ['c', 'Charlie line three']),
    );
    const merged = mergeBuiltFrames([first[0]!, edited, first[2]!, handMade('frame-6')], rebuilt);
    expect(origins(merged)).toEqual(['new', 'a', 'b', 'c', '(added frame-6)']);
    // frame-1 is a's (kept), frame-2 the edited b's, frame-3 c's: the new slide gets frame-7.
    expect(ids(merged)).toEqual(['frame-7', 'frame-1', 'frame-2', 'frame-3', 'frame-6']);
    expect(new Set(ids(merged)).size).toBe(merged.length);
  });

  it('rebuilds contact frames like slides', () => {
    const social = (value: string) => ({ social: { outro: { enabled: true, value } } });
    const before = buildFrames({ ...wizardOf(['a', 'Alpha line one']), ...social('Bye') });
    const after = buildFrames({ ...wizardOf(['a', 'Alpha line one']), ...social('See you') });
    expect(mergeBuiltFrames(before, after)).toEqual(after);
    const edited = editInBuilder(before[1]!);
    expect(mergeBuiltFrames([before[0]!, edited], after)[1]).toBe(edited);
  });
});
