import { createFrame, type Item, ItemSchema, NEUTRAL_FILTERS, TRANSPARENT } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { imageAt, slide, TestEditor, textAt } from '../test/test-editor';
import {
  clearSlideAudio,
  DEFAULT_GRADIENT,
  detachAudio,
  isValidImageUrl,
  setItemBackground,
  setItemFields,
  setItemStyle,
  setSlideBackground,
  setSlideSettings,
  slideNarration,
  trimVideo,
} from './style-commands';

const BOX = { left: 0.1, top: 0.1, width: 0.5, height: 0.5 };
const TIMING = { start: 0, stop: 5 };

const video = (id: string): Item =>
  ItemSchema.parse({ id, type: 'video', url: `/media/${id}.mp4`, timing: TIMING, box: BOX });
const audio = (id: string, extra: Record<string, unknown> = {}): Item =>
  ItemSchema.parse({ id, type: 'audio', url: `/media/${id}.mp3`, timing: TIMING, box: BOX, ...extra });
const gallery = (id: string): Item =>
  ItemSchema.parse({ id, type: 'gallery', images: [{ url: '/media/a.jpg' }], timing: TIMING, box: BOX });

/** A slide with a text, a photo, a video, a gallery, a voice-over line and a sound effect. */
function editor() {
  return TestEditor.create([
    slide('frame-1', [
      textAt('title', { left: 100, top: 100, width: 200, height: 100 }),
      imageAt('photo', { left: 50, top: 50, width: 600, height: 400 }),
      video('clip'),
      gallery('grid'),
      audio('voice', { source: 'tts', ttsText: 'Hello' }),
      audio('sfx'),
    ]),
  ]);
}

const at = { frameId: 'frame-1' };

/** Runs a command and expects it to change nothing and leave no undo step. */
function expectRefused(e: TestEditor, apply: () => boolean) {
  const before = e.data;
  const steps = e.document.undoNames.length;
  expect(apply()).toBe(false);
  expect(e.data).toBe(before);
  expect(e.document.undoNames.length).toBe(steps);
}

describe('style picker (spec 002 §3, §5)', () => {
  it('sets a border from the defaults, one step each', () => {
    const e = editor();
    e.run(setItemStyle, { ...at, id: 'title', patch: { border: { thickness: 4 } } });
    e.run(setItemStyle, {
      ...at,
      id: 'title',
      patch: { border: { style: 'dashed', sides: { top: true, right: false, bottom: true, left: false } } },
    });
    expect(e.item('title').style.border).toEqual({
      sides: { top: true, right: false, bottom: true, left: false },
      thickness: 4,
      radius: 0,
      color: '#000000',
      style: 'dashed',
    });
    expect(e.document.undoNames).toEqual(['setItemStyle', 'setItemStyle']);
  });

  it.each([
    ['border thickness', { border: { thickness: 10.5 } }],
    ['border thickness below 0', { border: { thickness: -1 } }],
    ['border radius', { border: { radius: 11 } }],
    ['shadow thickness', { shadow: { thickness: 21 } }],
    ['shadow distance', { shadow: { distance: 20.1 } }],
    ['outline thickness', { outline: { thickness: 3.5 } }],
    ['filter above 100', { filters: { blur: 101 } }],
    ['filter below 0', { filters: { sepia: -1 } }],
    ['NaN', { filters: { hue: Number.NaN } }],
    ['a color that is not hex', { border: { color: 'red' } }],
    ['an rgb() color', { shadow: { color: 'rgb(0, 0, 0)' } }],
  ])('refuses %s and changes nothing', (_name, patch) => {
    const e = editor();
    expectRefused(e, () => e.run(setItemStyle, { ...at, id: 'title', patch }));
  });

  it('accepts the ends of every range and the transparent option', () => {
    const e = editor();
    const patch = {
      border: { thickness: 10, radius: 10, color: TRANSPARENT },
      shadow: { enabled: true, thickness: 20, distance: 0 },
      outline: { enabled: true, thickness: 3 },
      filters: { blur: 100, opacity: 0 },
    };
    expect(e.run(setItemStyle, { ...at, id: 'title', patch })).toBe(true);
    expect(e.item('title').style).toMatchObject({
      border: { thickness: 10, radius: 10, color: TRANSPARENT },
      shadow: { enabled: true, thickness: 20, distance: 0 },
      outline: { enabled: true, thickness: 3 },
      filters: { blur: 100, opacity: 0 },
    });
  });

  it("'Reset filters' brings every filter back to neutral in one step", () => {
    const e = editor();
    e.run(setItemStyle, { ...at, id: 'photo', patch: { filters: { blur: 30, sepia: 40 } } });
    e.run(setItemStyle, { ...at, id: 'photo', patch: { filters: null } });
    expect(e.item('photo').style.filters).toBeUndefined();
    expect({ ...NEUTRAL_FILTERS, ...e.item('photo').style.filters }).toEqual(NEUTRAL_FILTERS);
    e.undo();
    expect(e.item('photo').style.filters).toEqual({ blur: 30, sepia: 40 });
  });

  it('a slider drag is one undo step; Escape takes it back', () => {
    const e = editor();
    e.document.beginGesture('setItemStyle');
    for (const blur of [10, 20, 35]) e.run(setItemStyle, { ...at, id: 'photo', patch: { filters: { blur } } });
    e.document.commitGesture();
    expect(e.document.undoNames).toEqual(['setItemStyle']);
    e.undo();
    expect(e.item('photo').style.filters).toBeUndefined();

    e.document.beginGesture('setItemStyle');
    e.run(setItemStyle, { ...at, id: 'photo', patch: { shadow: { distance: 12 } } });
    e.document.cancelGesture();
    expect(e.item('photo').style.shadow).toBeUndefined();
    expect(e.document.canUndo).toBe(false);
  });

  it('a change to the value already there is no step', () => {
    const e = editor();
    e.run(setItemStyle, { ...at, id: 'title', patch: { outline: { enabled: true } } });
    expect(e.run(setItemStyle, { ...at, id: 'title', patch: { outline: { enabled: true } } })).toBe(false);
  });
});

describe('item background (spec 002 §3, §5, §9)', () => {
  it('a type tab sets the type and gives color, gradient and blob something to show', () => {
    const e = editor();
    e.run(setItemBackground, { ...at, id: 'title', patch: { type: 'gradient' } });
    expect(e.item('title').background).toMatchObject({ type: 'gradient', gradient: DEFAULT_GRADIENT });
    e.run(setItemBackground, { ...at, id: 'title', patch: { type: 'blob' } });
    expect(e.item('title').background?.color).toMatch(/^#/);
    e.run(setItemBackground, { ...at, id: 'title', patch: { type: 'none' } });
    // Switching back restores the settings.
    e.run(setItemBackground, { ...at, id: 'title', patch: { type: 'gradient' } });
    expect(e.item('title').background?.gradient).toEqual(DEFAULT_GRADIENT);
  });

  it('refuses a video background behind an item, and offers it for the slide', () => {
    const e = editor();
    expectRefused(e, () => e.run(setItemBackground, { ...at, id: 'title', patch: { type: 'video' } }));
    expect(e.run(setSlideBackground, { ...at, patch: { type: 'video', url: '/media/bg.mp4' } })).toBe(true);
    expect(e.currentFrame()?.background.type).toBe('video');
  });

  it('sets the angle of a linear gradient only (0–360)', () => {
    const e = editor();
    e.run(setItemBackground, { ...at, id: 'title', patch: { type: 'gradient' } });
    e.run(setItemBackground, { ...at, id: 'title', patch: { gradient: { angle: 360 } } });
    expect(e.item('title').background?.gradient?.angle).toBe(360);
    expectRefused(e, () => e.run(setItemBackground, { ...at, id: 'title', patch: { gradient: { angle: 361 } } }));
    expectRefused(e, () => e.run(setItemBackground, { ...at, id: 'title', patch: { gradient: { angle: -1 } } }));
    e.run(setItemBackground, { ...at, id: 'title', patch: { gradient: { kind: 'radial' } } });
    expectRefused(e, () => e.run(setItemBackground, { ...at, id: 'title', patch: { gradient: { angle: 90 } } }));
    expectRefused(e, () =>
      e.run(setItemBackground, { ...at, id: 'title', patch: { gradient: { kind: 'radial', angle: 90 } } }),
    );
  });

  it('a blob takes a gradient and gives it back (null removes it)', () => {
    const e = editor();
    e.run(setItemBackground, { ...at, id: 'title', patch: { type: 'blob', gradient: {} } });
    expect(e.item('title').background?.gradient).toEqual(DEFAULT_GRADIENT);
    e.run(setItemBackground, { ...at, id: 'title', patch: { gradient: null } });
    expect(e.item('title').background?.gradient).toBeUndefined();
  });

  it('keeps two or more gradient stops', () => {
    const e = editor();
    e.run(setItemBackground, { ...at, id: 'title', patch: { type: 'gradient' } });
    expectRefused(e, () =>
      e.run(setItemBackground, { ...at, id: 'title', patch: { gradient: { stops: [{ color: '#ffffff', at: 0 }] } } }),
    );
    const three = [...DEFAULT_GRADIENT.stops, { color: '#ffffff', at: 0.5 }];
    expect(e.run(setItemBackground, { ...at, id: 'title', patch: { gradient: { stops: three } } })).toBe(true);
  });

  it('backdrop value 1–100 (default 10)', () => {
    const e = editor();
    e.run(setItemBackground, { ...at, id: 'title', patch: { type: 'color', filters: { backdrop: 'blur' } } });
    expect(e.item('title').background?.filters).toMatchObject({ backdrop: 'blur', backdropValue: 10 });
    for (const value of [1, 100]) {
      expect(e.run(setItemBackground, { ...at, id: 'title', patch: { filters: { backdropValue: value } } })).toBe(true);
    }
    for (const value of [0, 100.5, Number.NaN]) {
      expectRefused(e, () =>
        e.run(setItemBackground, { ...at, id: 'title', patch: { filters: { backdropValue: value } } }),
      );
    }
  });

  it('refuses tint and opacity outside 0–1, blur outside 0–100 and colors that are not hex', () => {
    const e = editor();
    e.run(setItemBackground, { ...at, id: 'title', patch: { type: 'color' } });
    for (const filters of [
      { tint: 1.1 },
      { tint: -0.1 },
      { opacity: 2 },
      { blur: -1 },
      { blur: 101 },
      { tintColor: 'blue' },
    ]) {
      expectRefused(e, () => e.run(setItemBackground, { ...at, id: 'title', patch: { filters } }));
    }
    expectRefused(e, () => e.run(setItemBackground, { ...at, id: 'title', patch: { color: 'hsl(0 0% 0%)' } }));
    expectRefused(e, () =>
      e.run(setItemBackground, {
        ...at,
        id: 'title',
        patch: {
          gradient: {
            stops: [
              { color: 'red', at: 0 },
              { color: '#fff', at: 1 },
            ],
          },
        },
      }),
    );
  });

  it('sets the spec options of size, position and repeat, and refuses others', () => {
    const e = editor();
    e.run(setItemBackground, {
      ...at,
      id: 'title',
      patch: { type: 'image', url: '/media/bg.jpg', size: '100% 100%', position: 'right bottom', repeat: 'repeat-x' },
    });
    expect(e.item('title').background).toMatchObject({
      size: '100% 100%',
      position: 'right bottom',
      repeat: 'repeat-x',
    });
    expectRefused(e, () => e.run(setItemBackground, { ...at, id: 'title', patch: { size: 'stretch' as 'cover' } }));
  });

  it('a slide background keeps its wrapper settings when the wrapper is switched off', () => {
    const e = editor();
    e.run(setSlideBackground, { ...at, patch: { wrapper: { enabled: true, padding: 0.1 } } });
    e.run(setSlideBackground, { ...at, patch: { wrapper: { enabled: false } } });
    expect(e.currentFrame()?.background.wrapper).toMatchObject({ enabled: false, padding: 0.1 });
  });
});

describe('slide audio (spec 002 §4)', () => {
  it('sets the audio source, and refuses one the spec does not list', () => {
    const e = editor();
    for (const audioSource of ['free_tts', 'paid_tts', 'mic', 'mp3', 'none'] as const) {
      expect(e.run(setSlideSettings, { ...at, settings: { audioSource } })).toBe(true);
      expect(e.currentFrame()?.settings.audioSource).toBe(audioSource);
    }
    e.run(setSlideSettings, { ...at, settings: { audioSource: 'mic' } });
    expectRefused(e, () => e.run(setSlideSettings, { ...at, settings: { audioSource: 'robot' as 'mic' } }));
  });

  it("'Change audio?' clears the slide's audio (its voice-over), keeping sound effects; undo brings it back", () => {
    const e = editor();
    expect(slideNarration(e.currentFrame()!).map((item) => item.id)).toEqual(['voice']);
    e.run(clearSlideAudio, at);
    expect(slideNarration(e.currentFrame()!)).toEqual([]);
    expect(e.currentFrame()?.items.map((item) => item.id)).toContain('sfx');
    expect(e.document.undoNames).toEqual(['clearSlideAudio']);
    e.undo();
    expect(slideNarration(e.currentFrame()!)).toHaveLength(1);
    // Nothing to clear: no step.
    const silent = TestEditor.create([createFrame('frame-1')]);
    expectRefused(silent, () => silent.run(clearSlideAudio, at));
  });

  it("removes a visual item's attached audio", () => {
    const e = editor();
    e.run(setItemFields, { ...at, id: 'photo', props: { audio: { url: '/media/a.mp3', source: 'upload' } } });
    e.run(detachAudio, { ...at, id: 'photo' });
    expect(e.item('photo')).not.toHaveProperty('audio');
  });
});

describe('item fields (spec 002 §5)', () => {
  it.each([
    ['volume above 1', 'clip', { volume: 1.01 }],
    ['volume below 0', 'sfx', { volume: -0.1 }],
    ['speed below 0.5', 'clip', { speed: 0.4 }],
    ['speed above 2.5', 'clip', { speed: 2.6 }],
    ['padding above 200', 'title', { padding: 201 }],
    ['padding below 0', 'title', { padding: -1 }],
    ['a fit the spec does not list', 'photo', { fit: 'stretch' }],
    ['a fit position outside 0–1', 'photo', { position: { x: 1.2, y: 0.5 } }],
    ['a text color that is not hex', 'title', { color: 'white' }],
    ['a font outside the catalog', 'title', { font: { family: 'Comic Sans MS', size: 0.1, lineHeight: 1.25 } }],
    ['a gallery link that is not valid', 'grid', { images: [{ url: 'not a link' }] }],
    ['trim times (trimVideo sets them)', 'clip', { startTime: 2 }],
  ])('refuses %s', (_name, id, props) => {
    const e = editor();
    expectRefused(e, () => e.run(setItemFields, { ...at, id, props: props as never }));
  });

  it('sets the ends of the ranges', () => {
    const e = editor();
    e.run(setItemFields, { ...at, id: 'clip', props: { volume: 0, speed: 2.5, loop: true } });
    e.run(setItemFields, { ...at, id: 'sfx', props: { volume: 1 } });
    e.run(setItemFields, {
      ...at,
      id: 'title',
      props: { padding: 200, fitText: false, align: 'right', verticalAlign: 'bottom' },
    });
    e.run(setItemFields, { ...at, id: 'photo', props: { fit: 'scale-down', position: { x: 0, y: 1 } } });
    expect(e.item('clip')).toMatchObject({ volume: 0, speed: 2.5, loop: true });
    expect(e.item('title')).toMatchObject({ padding: 200, fitText: false, align: 'right', verticalAlign: 'bottom' });
    expect(e.item('photo')).toMatchObject({ fit: 'scale-down', position: { x: 0, y: 1 } });
  });

  it('a volume drag is one undo step', () => {
    const e = editor();
    e.document.beginGesture('setItemFields');
    for (const volume of [0.8, 0.5, 0.2]) e.run(setItemFields, { ...at, id: 'sfx', props: { volume } });
    e.document.commitGesture();
    expect(e.document.undoNames).toEqual(['setItemFields']);
    e.undo();
    expect(e.item('sfx')).toMatchObject({ volume: 1 });
  });

  it('removes an optional field given as undefined (bold color back to none)', () => {
    const e = editor();
    e.run(setItemFields, { ...at, id: 'title', props: { boldColor: '#ffe066' } });
    e.run(setItemFields, { ...at, id: 'title', props: { boldColor: undefined } });
    expect(e.item('title')).not.toHaveProperty('boldColor');
    expect(e.document.undoNames).toEqual(['setItemFields', 'setItemFields']);
  });

  it('sets a catalog font and a bold color', () => {
    const e = editor();
    const item = e.item('title');
    if (item.type !== 'text') throw new Error('text expected');
    e.run(setItemFields, {
      ...at,
      id: 'title',
      props: { font: { ...item.font, family: 'Lobster' }, boldColor: '#ffe066' },
    });
    expect(e.item('title')).toMatchObject({ font: { family: 'Lobster' }, boldColor: '#ffe066' });
  });
});

describe('video trim (spec 002 §2 video trim editor)', () => {
  it('sets start and stop; a stop before the start becomes start plus 5', () => {
    const e = editor();
    e.run(trimVideo, { ...at, id: 'clip', startTime: 2, stopTime: 6 });
    expect(e.item('clip')).toMatchObject({ startTime: 2, stopTime: 6 });
    e.run(trimVideo, { ...at, id: 'clip', stopTime: 1 });
    expect(e.item('clip')).toMatchObject({ startTime: 2, stopTime: 7 });
    e.run(trimVideo, { ...at, id: 'clip', startTime: 9 });
    expect(e.item('clip')).toMatchObject({ startTime: 9, stopTime: 14 });
  });

  it('a stop of 0 plays to the end of the clip', () => {
    const e = editor();
    e.run(trimVideo, { ...at, id: 'clip', startTime: 3 });
    expect(e.item('clip')).toMatchObject({ startTime: 3, stopTime: 0 });
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (value) => {
    const e = editor();
    expectRefused(e, () => e.run(trimVideo, { ...at, id: 'clip', startTime: value }));
    expectRefused(e, () => e.run(trimVideo, { ...at, id: 'clip', stopTime: value }));
  });
});

describe('gallery links', () => {
  it.each([
    ['https://example.com/a.jpg', true],
    ['/media/a.jpg', true],
    ['data:image/png;base64,AAAA', true],
    ['', false],
    ['   ', false],
    ['a.jpg', false],
    ['//example.com/a.jpg', false],
    ['javascript:alert(1)', false],
    ['https://exa mple.com/a.jpg', false],
  ])('%s is valid: %s', (url, valid) => {
    expect(isValidImageUrl(url)).toBe(valid);
  });
});
