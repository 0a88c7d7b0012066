import { BackgroundSchema, PALETTE, TRANSPARENT } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { TestEditor } from '../test/test-editor';
import {
  setAudioLevels,
  setCaptions,
  setMovieBackground,
  setMovieSize,
  setMusic,
  setWatermark,
  watermarkChangeProblem,
} from './movie-commands';

const TRACK = '/media/music/track-2.mp3';

describe('background music', () => {
  it('starts with the spec defaults: no music, music 0.25, voice 1', () => {
    const { audio } = TestEditor.create().data.video;
    expect(audio).toEqual({ musicVolume: 0.25, voiceVolume: 1 });
  });

  it('chooses a track and removes it as one step each', () => {
    const editor = TestEditor.create();
    expect(editor.run(setMusic, { url: TRACK })).toBe(true);
    expect(editor.data.video.audio.url).toBe(TRACK);
    editor.run(setMusic, { url: null });
    expect(editor.data.video.audio).not.toHaveProperty('url');
    expect(editor.document.undoNames).toEqual(['setMusic', 'setMusic']);
    editor.undo();
    expect(editor.data.video.audio.url).toBe(TRACK);
  });

  it('refuses an empty url', () => {
    const editor = TestEditor.create();
    editor.run(setMusic, { url: TRACK });
    const before = editor.data;
    expect(editor.run(setMusic, { url: '  ' })).toBe(false);
    expect(editor.data).toBe(before);
  });
});

describe('music and voice volume (0–1)', () => {
  it('sets either level', () => {
    const editor = TestEditor.create();
    editor.run(setAudioLevels, { musicVolume: 0.6 });
    editor.run(setAudioLevels, { voiceVolume: 0 });
    expect(editor.data.video.audio).toMatchObject({ musicVolume: 0.6, voiceVolume: 0 });
    editor.run(setAudioLevels, { musicVolume: 1, voiceVolume: 1 });
    expect(editor.data.video.audio).toMatchObject({ musicVolume: 1, voiceVolume: 1 });
  });

  it.each([-0.01, 1.01, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s and changes nothing', (level) => {
    const editor = TestEditor.create();
    const before = editor.data;
    expect(editor.run(setAudioLevels, { musicVolume: level })).toBe(false);
    expect(editor.run(setAudioLevels, { voiceVolume: level })).toBe(false);
    // One bad level refuses the whole change.
    expect(editor.run(setAudioLevels, { musicVolume: 0.5, voiceVolume: level })).toBe(false);
    expect(editor.data).toBe(before);
    expect(editor.document.canUndo).toBe(false);
  });
});

describe('a slider drag', () => {
  it('applies live and is one undo step on release', () => {
    const editor = TestEditor.create();
    editor.document.beginGesture('setAudioLevels');
    for (const level of [0.3, 0.4, 0.5, 0.7]) editor.run(setAudioLevels, { musicVolume: level });
    expect(editor.data.video.audio.musicVolume).toBe(0.7);
    editor.document.commitGesture();
    expect(editor.document.undoNames).toEqual(['setAudioLevels']);
    editor.undo();
    expect(editor.data.video.audio.musicVolume).toBe(0.25);
    editor.redo();
    expect(editor.data.video.audio.musicVolume).toBe(0.7);
  });

  it('Escape cancels it: the level is back and there is no step', () => {
    const editor = TestEditor.create();
    const before = editor.data.video.watermark;
    editor.document.beginGesture('setWatermark');
    editor.run(setWatermark, { opacity: 0.2 });
    editor.run(setWatermark, { opacity: 0.1 });
    editor.document.cancelGesture();
    expect(editor.data.video.watermark).toEqual(before);
    expect(editor.document.canUndo).toBe(false);
  });
});

describe('watermark', () => {
  it('starts as none, opacity 0.6, margin 15, bottom right (spec 002 §9)', () => {
    expect(TestEditor.create().data.video.watermark).toMatchObject({
      type: 'none',
      opacity: 0.6,
      margin: 15,
      positionX: 'right',
      positionY: 'bottom',
    });
  });

  it('requires the text for a text watermark: refused and untouched without it', () => {
    const editor = TestEditor.create();
    const before = editor.data;
    expect(watermarkChangeProblem(before.video.watermark, { type: 'text' })).toBe('Enter the watermark text.');
    expect(editor.run(setWatermark, { type: 'text' })).toBe(false);
    expect(editor.run(setWatermark, { type: 'text', text: '   ' })).toBe(false);
    expect(editor.data).toBe(before);
    expect(editor.run(setWatermark, { type: 'text', text: 'Acme' })).toBe(true);
    expect(editor.data.video.watermark).toMatchObject({ type: 'text', text: 'Acme' });
    // Emptying the text of a text watermark is refused too.
    expect(editor.run(setWatermark, { text: '' })).toBe(false);
    expect(editor.data.video.watermark.text).toBe('Acme');
  });

  it('requires the image for an image watermark', () => {
    const editor = TestEditor.create();
    const before = editor.data;
    expect(watermarkChangeProblem(before.video.watermark, { type: 'image' })).toBe('Choose the watermark image.');
    expect(editor.run(setWatermark, { type: 'image' })).toBe(false);
    expect(editor.data).toBe(before);
    editor.run(setWatermark, { type: 'image', image: '/media/logo.png' });
    expect(editor.data.video.watermark).toMatchObject({ type: 'image', image: '/media/logo.png' });
  });

  it('keeps the text and image when the type changes, so switching back restores them', () => {
    const editor = TestEditor.create();
    editor.run(setWatermark, { type: 'text', text: 'Acme' });
    editor.run(setWatermark, { type: 'none' });
    expect(watermarkChangeProblem(editor.data.video.watermark, { type: 'text' })).toBeNull();
    editor.run(setWatermark, { type: 'text' });
    expect(editor.data.video.watermark).toMatchObject({ type: 'text', text: 'Acme' });
  });

  it('keeps opacity within 0–1 and the margin within 0–200', () => {
    const editor = TestEditor.create();
    editor.run(setWatermark, { opacity: 0 });
    editor.run(setWatermark, { margin: 40 });
    const before = editor.data;
    for (const opacity of [-0.1, 1.1, Number.NaN]) expect(editor.run(setWatermark, { opacity })).toBe(false);
    for (const margin of [-1, 201]) expect(editor.run(setWatermark, { margin })).toBe(false);
    expect(editor.data).toBe(before);
    expect(editor.data.video.watermark).toMatchObject({ opacity: 0, margin: 40 });
    editor.run(setWatermark, { opacity: 1 });
    expect(editor.data.video.watermark.opacity).toBe(1);
  });

  it('moves to any of the nine positions', () => {
    const editor = TestEditor.create();
    editor.run(setWatermark, { positionX: 'left', positionY: 'top' });
    expect(editor.data.video.watermark).toMatchObject({ positionX: 'left', positionY: 'top' });
    editor.run(setWatermark, { positionX: 'center', positionY: 'center' });
    expect(editor.data.video.watermark).toMatchObject({ positionX: 'center', positionY: 'center' });
  });

  it('a burst of typing is one undo step; a change to the same value is none', () => {
    const editor = TestEditor.create();
    editor.run(setWatermark, { type: 'text', text: 'A' });
    for (const text of ['Ac', 'Acm', 'Acme']) editor.wait(200).run(setWatermark, { text });
    expect(editor.document.undoNames).toEqual(['setWatermark']);
    expect(editor.run(setWatermark, { text: 'Acme' })).toBe(false);
  });
});

describe('resize video (spec 002 §5, §9)', () => {
  it.each([
    [1920, 1080],
    [720, 720],
    [1080, 1920],
    [100, 2000],
  ])('sets %i × %i', (width, height) => {
    const editor = TestEditor.create();
    editor.run(setMovieSize, { width, height });
    expect(editor.data.video.size).toEqual({ width, height });
  });

  it.each([
    [99, 1080],
    [1920, 2001],
    [1500.5, 800],
    [Number.NaN, 500],
  ])('resets a custom %s × %s to 1920 × 1920', (width, height) => {
    const editor = TestEditor.create();
    editor.run(setMovieSize, { width, height });
    expect(editor.data.video.size).toEqual({ width: 1920, height: 1920 });
  });

  it('the same size again is no step', () => {
    const editor = TestEditor.create();
    editor.run(setMovieSize, { width: 720, height: 720 });
    expect(editor.run(setMovieSize, { width: 720, height: 720 })).toBe(false);
    expect(editor.document.undoNames).toEqual(['setMovieSize']);
  });
});

describe('movie background color', () => {
  it('sets a hex color, the palette samples and transparent included', () => {
    const editor = TestEditor.create();
    expect(editor.data.video.background).toBeUndefined();
    editor.run(setMovieBackground, { color: '#1c7ed6' });
    expect(editor.data.video.background).toMatchObject({ type: 'color', color: '#1c7ed6' });
    for (const color of PALETTE) {
      editor.run(setMovieBackground, { color });
      expect(editor.data.video.background?.color).toBe(color);
    }
    expect(editor.data.video.background?.color).toBe(TRANSPARENT);
    editor.run(setMovieBackground, { color: '#abc' });
    expect(editor.data.video.background?.color).toBe('#abc');
  });

  it.each(['red', 'rgb(0, 0, 0)', '1c7ed6', '#12345', '#ggg', ''])('refuses %j: hex only', (color) => {
    const editor = TestEditor.create();
    editor.run(setMovieBackground, { color: '#000000' });
    const before = editor.data;
    expect(editor.run(setMovieBackground, { color })).toBe(false);
    expect(editor.data).toBe(before);
  });

  it('replaces a background of another type and removes it with null', () => {
    const editor = TestEditor.create();
    editor.document.apply('setup', (draft) => {
      draft.video.background = BackgroundSchema.parse({ type: 'image', url: '/media/sky.jpg' });
    });
    editor.run(setMovieBackground, { color: '#ffffff' });
    expect(editor.data.video.background).toMatchObject({ type: 'color', color: '#ffffff' });
    expect(editor.data.video.background).not.toHaveProperty('url');
    editor.run(setMovieBackground, { color: null });
    expect(editor.data.video).not.toHaveProperty('background');
    editor.undo();
    expect(editor.data.video.background).toMatchObject({ type: 'color', color: '#ffffff' });
  });
});

describe('burned-in captions (D68)', () => {
  it('are off in a new movie; each style change is one undo step, off removes the setting', () => {
    const editor = TestEditor.create();
    expect(editor.data.video.captions).toBeUndefined();
    expect(editor.run(setCaptions, { style: 'boxed' })).toBe(true);
    expect(editor.data.video.captions).toEqual({ style: 'boxed' });
    editor.run(setCaptions, { style: 'highlight' });
    editor.run(setCaptions, { style: 'off' });
    expect(editor.data.video).not.toHaveProperty('captions');
    expect(editor.document.undoNames).toEqual(['setCaptions', 'setCaptions', 'setCaptions']);
    editor.undo();
    expect(editor.data.video.captions).toEqual({ style: 'highlight' });
  });

  it('refuses an unknown style and changes nothing for the style it has', () => {
    const editor = TestEditor.create();
    editor.run(setCaptions, { style: 'plain' });
    const before = editor.data;
    expect(editor.run(setCaptions, { style: 'neon' })).toBe(false);
    expect(editor.run(setCaptions, { style: 'plain' })).toBe(false);
    expect(editor.data).toBe(before);
  });
});
