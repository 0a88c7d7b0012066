import { describe, expect, it } from 'vitest';
import type { Frame } from '../video/movie';
import { buildFrames } from '../wizard/slides/build-frames';
import { mergeBuiltFrames } from '../wizard/slides/frame-ownership';
import v2BuilderProject from './fixtures/v2-builder-project.json';
import v2WizardProject from './fixtures/v2-wizard-project.json';
import { CURRENT_SCHEMA_VERSION, emptyProjectData, frameCount, upgradeProjectData } from './model';

describe('project model', () => {
  it('makes an empty document with the spec defaults', () => {
    const data = emptyProjectData();
    expect(data.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(data.video.size).toEqual({ width: 1024, height: 576 });
    expect(data.video.audio).toEqual({ musicVolume: 0.25, voiceVolume: 1 });
    expect(data.video.frames).toEqual([]);
    expect(data.wizard.keyword).toBe('');
  });

  it('upgrades a document saved before versioning', () => {
    const result = upgradeProjectData({ video: { frames: [{ id: 'frame-1', items: [] }] } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.upgradedFrom).toBe(0);
    expect(result.data.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(result.data.wizard.slides).toEqual([]);
    expect(frameCount(result.data)).toBe(1);
  });

  it('keeps wizard fields it does not know yet (later issues add them)', () => {
    const result = upgradeProjectData({ schemaVersion: 1, wizard: { keyword: 'cats', breakText: 320 }, video: {} });
    expect(result.ok && result.data.wizard.breakText).toBe(320);
  });

  it('reports what is wrong instead of throwing', () => {
    const notObject = upgradeProjectData([1, 2]);
    expect(notObject.ok).toBe(false);
    const badSize = upgradeProjectData({ schemaVersion: 1, wizard: {}, video: { size: { width: 50, height: 576 } } });
    expect(badSize.ok).toBe(false);
    if (!badSize.ok) expect(badSize.issues[0]?.path).toEqual(['video', 'size', 'width']);
    const future = upgradeProjectData({ schemaVersion: 99, wizard: {}, video: {} });
    expect(future.ok).toBe(false);
    if (!future.ok) expect(future.issues[0]?.message).toMatch(/newer version/);
  });

  it('counts frames of missing data as zero', () => {
    expect(frameCount(undefined)).toBe(0);
    expect(frameCount(null)).toBe(0);
  });

  describe('upgrade to version 2 (TypedMovie): frames and items follow the movie schema', () => {
    const box = { left: 0.1, top: 0.1, width: 0.5, height: 0.5 };
    const textItem = {
      id: 't1',
      type: 'text',
      timing: { start: 0, stop: 3 },
      box,
      paragraphs: [{ runs: [{ text: 'Hi' }] }],
    };
    const oldItem = { id: 'i1', type: 'text', html: '<b>Hi</b>', timing: { start: 0, stop: 3 } };

    it('drops items in an old format and reports how many, per frame', () => {
      const result = upgradeProjectData({
        schemaVersion: 1,
        wizard: {},
        video: {
          frames: [
            { id: 'frame-1', items: [oldItem, textItem, { id: 'x', type: 'sticker' }] },
            { id: 'frame-2', items: [textItem] },
            { id: 'frame-3', items: [{ ...oldItem, id: 'i3' }] },
          ],
        },
      });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.upgradedFrom).toBe(1);
      expect(result.data.video.frames.map((frame) => frame.items.map((item) => item.id))).toEqual([['t1'], ['t1'], []]);
      expect(result.repairs).toEqual([
        'Frame 1: 2 item(s) in an old format were removed.',
        'Frame 3: 1 item(s) in an old format were removed.',
      ]);
    });

    it('drops items with an invalid timing (shorter than 0.1 s)', () => {
      const short = { ...textItem, id: 'short', timing: { start: 1, stop: 1.05 } };
      const result = upgradeProjectData({
        schemaVersion: 1,
        wizard: {},
        video: { frames: [{ id: 'f', items: [short] }] },
      });
      expect(result.ok && result.data.video.frames[0]?.items).toEqual([]);
      expect(result.ok && result.repairs).toHaveLength(1);
    });

    it('reports nothing when every item fits', () => {
      const result = upgradeProjectData({
        schemaVersion: 1,
        wizard: {},
        video: { frames: [{ id: 'f', items: [textItem] }] },
      });
      expect(result.ok && result.repairs).toEqual([]);
    });

    it('upgrades a document saved before versioning through both steps', () => {
      const result = upgradeProjectData({ video: { frames: [{ id: 'f', items: [oldItem] }] } });
      expect(result.ok && result.upgradedFrom).toBe(0);
      expect(result.ok && result.repairs).toHaveLength(1);
    });

    it('gives frames without an id one, and keeps the ids frames have', () => {
      const result = upgradeProjectData({
        schemaVersion: 1,
        wizard: {},
        video: { frames: [{ items: [] }, { id: 'intro', items: [] }, { items: [] }] },
      });
      expect(result.ok && result.data.video.frames.map((frame) => frame.id)).toEqual(['frame-1', 'intro', 'frame-3']);
    });

    it('never gives a frame an id another frame already has', () => {
      const result = upgradeProjectData({
        schemaVersion: 1,
        wizard: {},
        video: { frames: [{ items: [] }, { id: 'frame-1', items: [] }] },
      });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const ids = result.data.video.frames.map((frame) => frame.id);
      expect(ids[1]).toBe('frame-1');
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('does not repair frames that are not objects: validation refuses them', () => {
      const result = upgradeProjectData({ schemaVersion: 1, wizard: {}, video: { frames: [{ id: 'f' }, 'slide'] } });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.issues[0]?.path).toEqual(['video', 'frames', 1]);
    });

    it('fills the defaults of frames, items and the movie', () => {
      const result = upgradeProjectData({
        schemaVersion: 1,
        wizard: {},
        video: { frames: [{ id: 'f', items: [textItem] }] },
      });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const { video } = result.data;
      expect(video.size).toEqual({ width: 1024, height: 576 });
      expect(video.audio).toEqual({ musicVolume: 0.25, voiceVolume: 1 });
      expect(video.watermark).toMatchObject({
        type: 'none',
        opacity: 0.6,
        margin: 15,
        positionX: 'right',
        positionY: 'bottom',
      });
      expect(video.frames[0]).toMatchObject({
        duration: 5,
        background: { type: 'color', color: '#000000', filters: { tint: 0, backdropValue: 10 } },
        settings: { audioSource: 'none' },
        musicMuted: false,
      });
      expect(video.frames[0]?.items[0]).toMatchObject({
        keyframes: [],
        fx: {},
        padding: 30,
        fitPadding: 5,
        font: { size: 48 / 576 },
      });
    });

    it('treats a missing frame list as no frames, and refuses a malformed one', () => {
      const missing = upgradeProjectData({ schemaVersion: 1, wizard: {}, video: {} });
      expect(missing.ok && missing.data.video.frames).toEqual([]);
      for (const video of [{ frames: 'none' }, 'movie']) {
        expect(upgradeProjectData({ schemaVersion: 1, wizard: {}, video }).ok).toBe(false);
      }
    });

    it('does not repair a current document: an old-format item there is an error', () => {
      const current = upgradeProjectData({
        schemaVersion: CURRENT_SCHEMA_VERSION,
        wizard: {},
        video: { frames: [{ id: 'f', items: [textItem] }] },
      });
      expect(current.ok && current.upgradedFrom).toBe(CURRENT_SCHEMA_VERSION);
      expect(current.ok && current.repairs).toEqual([]);
      const invalid = upgradeProjectData({
        schemaVersion: 2,
        wizard: {},
        video: { frames: [{ id: 'f', items: [oldItem] }] },
      });
      expect(invalid.ok).toBe(false);
      if (!invalid.ok) expect(invalid.issues[0]?.path.slice(0, 4)).toEqual(['video', 'frames', 0, 'items']);
    });

    it('keeps the upgraded document valid when parsed again', () => {
      const result = upgradeProjectData({ video: { frames: [{ items: [textItem, oldItem] }] } });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const again = upgradeProjectData(JSON.parse(JSON.stringify(result.data)));
      expect(again.ok && again.data).toEqual(result.data);
    });
  });

  describe('upgrade to version 3 (EditorModel)', () => {
    const upgraded = (stored: unknown) => {
      const result = upgradeProjectData(stored);
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      return result;
    };
    const withoutOrigins = (frames: readonly Frame[]) => frames.map(({ origin: _, ...frame }) => frame);
    /** Version 4 then moves the wizard's tint items to their frames (upgrade-tint.test.ts). */
    const withoutTints = (frames: readonly object[]) =>
      frames.map((frame) => {
        const { tint: _, ...rest } = frame as Frame;
        return { ...rest, items: rest.items.filter((item) => item.label !== 'overlay') };
      });

    it('loads a version-2 document of the builder unchanged but for the frame open in the editor', () => {
      const result = upgraded(v2BuilderProject);
      expect(result.upgradedFrom).toBe(2);
      expect(result.repairs).toEqual([]);
      expect(result.data.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
      expect(result.data.wizard).toEqual(v2BuilderProject.wizard);
      const { frameId, ...movie } = v2BuilderProject.video;
      expect(frameId).toBe('intro');
      expect(result.data.video).toEqual(movie);
    });

    it('drops the frame open in the editor: session state, not the document', () => {
      expect('frameId' in upgraded(v2BuilderProject).data.video).toBe(false);
      expect('frameId' in upgraded(v2WizardProject).data.video).toBe(false);
      const current = upgraded({ schemaVersion: 3, wizard: {}, video: { frameId: 'frame-1' } });
      expect('frameId' in current.data.video).toBe(false);
    });

    it("records which contact item or slide built each of a version-2 wizard project's frames", () => {
      const { data } = upgraded(v2WizardProject);
      expect(data.video.frames.map((frame) => [frame.origin?.kind, frame.origin?.id])).toEqual([
        ['contact', 'intro'],
        ['slide', 'slide-a'],
        ['slide', 'slide-b'],
      ]);
      expect(withoutTints(withoutOrigins(data.video.frames))).toEqual(withoutTints(v2WizardProject.video.frames));
      expect(data.wizard).toEqual(v2WizardProject.wizard);
    });

    it('counts those frames as built, so the next rebuild replaces them instead of adding beside them', () => {
      const { data } = upgraded(v2WizardProject);
      const rebuilt = buildFrames(data.wizard);
      expect(mergeBuiltFrames(data.video.frames, rebuilt)).toEqual(rebuilt);
    });

    it('gives no origin to frames beyond the slides, nor to frames of a project without slides', () => {
      const frame = (id: string) => ({ id, items: [] });
      const wizard = { slides: [{ id: 'only' }] };
      const withSlides = upgraded({ schemaVersion: 2, wizard, video: { frames: [frame('a'), frame('b')] } });
      expect(withSlides.data.video.frames.map((f) => f.origin?.id)).toEqual(['only', undefined]);
      const noSlides = upgraded({ schemaVersion: 2, wizard: {}, video: { frames: [frame('a')] } });
      expect(noSlides.data.video.frames[0]?.origin).toBeUndefined();
    });

    it('reads the fields version 3 adds', () => {
      const slide = {
        id: 'card',
        type: 'slide',
        timing: { start: 0, stop: 3 },
        box: { left: 0.1, top: 0.1, width: 0.5, height: 0.5 },
        background: { type: 'blob', color: '#ffd43b' },
        keyframes: [{ delay: 1, style: { zIndex: 2 } }],
      };
      const { data } = upgraded({
        schemaVersion: 3,
        wizard: {},
        video: { background: { type: 'color', color: '#222222' }, frames: [{ id: 'f', items: [slide] }] },
      });
      expect(data.video.background?.color).toBe('#222222');
      expect(data.video.frames[0]?.items[0]).toMatchObject({ type: 'slide', background: { type: 'blob' } });
    });
  });

  describe('upgrade to version 5 (KeyframeEasing, D94)', () => {
    const item = (keyframes: unknown[]) => ({
      id: 'photo',
      type: 'image',
      url: '/media/photo.jpg',
      timing: { start: 0, stop: 3 },
      box: { left: 0.1, top: 0.1, width: 0.5, height: 0.5 },
      keyframes,
    });
    const document = (version: number, keyframes: unknown[]) => ({
      schemaVersion: version,
      wizard: {},
      video: { frames: [{ id: 'f', items: [item(keyframes)] }] },
    });

    it('loads a version-3 document unchanged: its keyframes stay without an easing, so they move linearly', () => {
      const keyframes = [{ delay: 1, style: { opacity: 0.5 } }];
      const result = upgradeProjectData(document(3, keyframes));
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      expect(result.upgradedFrom).toBe(3);
      expect(result.data.schemaVersion).toBe(5);
      expect(result.data.video.frames[0]?.items[0]?.keyframes).toEqual(keyframes);
    });

    it('reads the easing version 5 adds, and refuses one it does not know', () => {
      const eased = upgradeProjectData(document(5, [{ delay: 1, style: { scale: 2 }, easing: 'ease-in-out' }]));
      expect(eased.ok && eased.data.video.frames[0]?.items[0]?.keyframes[0]?.easing).toBe('ease-in-out');
      const unknown = upgradeProjectData(document(5, [{ delay: 1, style: { scale: 2 }, easing: 'bounce' }]));
      expect(unknown.ok).toBe(false);
    });
  });
});
