import { BUILT_IN_PRESETS, SlideSchema, SlideTextSchema, type TtsVoice } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { formatClock, initialTrim, trimRange } from '../../../media-edit/trim-rules';
import { decideDrop, fileKind } from './drop-rules';
import { enginesFor, isUrlKeyword, lastEngineValue, OFFLINE_ENGINES, parseLastEngine, pickEngine } from './engines';
import { addMedia, addMediaAsNew, mediaFrom, moveMedia, removeMedia, replaceMedia } from './media-edits';
import { mergePresets, presetIdOf } from './preset-rules';
import { clampAlpha, clampMinDuration } from './settings-rules';
import { groupVoices, voiceDemoUrl } from './voice-list';

const here = { slideId: 's1', textId: 't1' };
const thumb = (slideId: string, textId: string, kind: 'image' | 'video' = 'image') =>
  ({ from: 'thumb', kind, slideId, textId, mediaId: 'm1' }) as const;

describe('decideDrop (spec 001 §4 Drops)', () => {
  it('asks Replace / Add as new for a file of the same type over an item', () => {
    expect(decideDrop({ from: 'file', kind: 'image' }, { kind: 'image', mediaId: 'x' }, here)).toEqual({
      action: 'ask-replace',
      targetId: 'x',
    });
  });
  it('adds a file of another type, or one dropped beside the items', () => {
    expect(decideDrop({ from: 'file', kind: 'video' }, { kind: 'image', mediaId: 'x' }, here).action).toBe('add');
    expect(decideDrop({ from: 'file', kind: 'image' }, null, here).action).toBe('add');
  });
  it('asks Attach / Add to timeline for audio', () => {
    expect(decideDrop({ from: 'file', kind: 'audio' }, { kind: 'video', mediaId: 'x' }, here).action).toBe('ask-audio');
  });
  it('sorts a thumbnail of the same text, asks for one from elsewhere', () => {
    expect(decideDrop(thumb('s1', 't1'), { kind: 'image', mediaId: 'm2' }, here)).toEqual({
      action: 'reorder',
      mediaId: 'm1',
      toMediaId: 'm2',
    });
    expect(decideDrop(thumb('s1', 't1'), { kind: 'image', mediaId: 'm1' }, here).action).toBe('ignore');
    expect(decideDrop(thumb('s2', 't9'), { kind: 'image', mediaId: 'm2' }, here).action).toBe('ask-replace');
  });
  it('ignores other files', () => {
    expect(decideDrop({ from: 'file', kind: 'other' }, null, here).action).toBe('ignore');
  });
  it('classifies files by type, then extension; SVG is not an image here', () => {
    expect(fileKind('image/png', 'a.png')).toBe('image');
    expect(fileKind('image/svg+xml', 'a.svg')).toBe('other');
    expect(fileKind('', 'clip.MOV')).toBe('video');
    expect(fileKind('audio/mpeg', 'a.mp3')).toBe('audio');
  });
});

describe('trim rules (spec 001 §4, §9)', () => {
  it('keeps a valid range and caps it by the duration', () => {
    expect(trimRange(2, 8, 20)).toEqual({ start: 2, stop: 8 });
    expect(trimRange(2, 30, 20)).toEqual({ start: 2, stop: 20 });
  });
  it('sets stop = start + 5 when the length becomes negative', () => {
    expect(trimRange(9, 4, 60)).toEqual({ start: 9, stop: 14 });
    expect(trimRange(9, 4)).toEqual({ start: 9, stop: 14 });
  });
  it('opens an uploaded clip at 0–10 s, or its own trim', () => {
    expect(initialTrim({ duration: 42 })).toEqual({ start: 0, stop: 10 });
    expect(initialTrim({ duration: 6 })).toEqual({ start: 0, stop: 6 });
    expect(initialTrim({ startTime: 3, stopTime: 7, duration: 42 })).toEqual({ start: 3, stop: 7 });
  });
  it('formats a clock', () => {
    expect(formatClock(65.25)).toBe('1:05.3');
  });
});

describe('engines', () => {
  it("stores the last engine as '{type}-{engine}' and reads it back", () => {
    expect(lastEngineValue('image', 'google-images')).toBe('image-google-images');
    expect(parseLastEngine('image-google-images')).toEqual({ type: 'image', engine: 'google-images' });
    expect(parseLastEngine('audio-x')).toBeNull();
    expect(parseLastEngine(null)).toBeNull();
  });
  it('picks the remembered engine when offered for the type, else the first', () => {
    expect(pickEngine('image', ['generated', 'icons'], 'image-icons')).toBe('icons');
    expect(pickEngine('video', ['library'], 'image-icons')).toBe('library');
    expect(pickEngine('image', [], null)).toBeUndefined();
  });
  it('lists engines by type and never youtube', () => {
    expect(enginesFor('video', OFFLINE_ENGINES)).toEqual(['library']);
    expect(enginesFor('video', [{ engine: 'youtube', types: ['video'] }])).toEqual([]);
  });
  it('recognises a URL keyword', () => {
    expect(isUrlKeyword(' https://example.com/a.jpg ')).toBe(true);
    expect(isUrlKeyword('cats and dogs')).toBe(false);
    expect(isUrlKeyword('http://')).toBe(false);
  });
});

describe('media edits', () => {
  const text = (allowMultipleMedia: boolean) =>
    SlideTextSchema.parse({
      id: 't',
      allowMultipleMedia,
      media: [
        { id: 'a', url: 'a' },
        { id: 'b', url: 'b' },
      ],
    });
  const c = mediaFrom({ url: 'c', thumbnail: null }, 'image', 'c');

  it('adds, or replaces when one media only', () => {
    const many = text(true);
    addMedia(many, c);
    expect(many.media.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    const one = text(false);
    addMedia(one, c);
    expect(one.media.map((m) => m.id)).toEqual(['c']);
  });
  it('replaces in place, adds as new, removes and moves', () => {
    const t = text(false);
    replaceMedia(t, 'b', c);
    expect(t.media.map((m) => m.id)).toEqual(['a', 'c']);
    addMediaAsNew(t, { ...c, id: 'd' });
    expect(t.allowMultipleMedia).toBe(true);
    moveMedia(t, 'd', 'a');
    expect(t.media.map((m) => m.id)).toEqual(['d', 'a', 'c']);
    moveMedia(t, 'd', null);
    expect(t.media.map((m) => m.id)).toEqual(['a', 'c', 'd']);
    removeMedia(t, 'a');
    expect(t.media.map((m) => m.id)).toEqual(['c', 'd']);
  });
  it('gives a clip the 0–10 s default trim', () => {
    expect(mediaFrom({ url: 'v', duration: 30 }, 'video', 'v')).toMatchObject({ startTime: 0, stopTime: 10 });
    expect(mediaFrom({ url: 'v', duration: 4 }, 'video', 'v')).toMatchObject({ startTime: 0, stopTime: 4 });
  });
});

describe('settings rules', () => {
  it('clamps the minimum duration to 0–300 (spec 001 §5)', () => {
    expect(clampMinDuration('12.34')).toBe(12.3);
    expect(clampMinDuration('-4')).toBe(0);
    expect(clampMinDuration(999)).toBe(300);
    expect(clampMinDuration('abc')).toBe(0);
    expect(clampMinDuration('2,5')).toBe(2.5);
  });
  it('clamps alpha to 0–1', () => {
    expect(clampAlpha(1.4)).toBe(1);
    expect(clampAlpha(Number.NaN)).toBe(0);
  });
});

describe('presets', () => {
  it('merges saved presets after the built-ins, skipping bad rows', () => {
    const merged = mergePresets([
      { id: 7, name: 'Mine', data_json: '{"style":{"color":"#ff0000"},"settings":{}}' },
      { name: 'no id' },
    ]);
    expect(merged.length).toBe(BUILT_IN_PRESETS.length + 1);
    expect(merged.at(-1)).toMatchObject({ id: '7', name: 'Mine', data_json: { style: { color: '#ff0000' } } });
    expect(mergePresets(undefined)).toEqual([...BUILT_IN_PRESETS]);
  });
  it('reads the preset id kept in settings', () => {
    expect(presetIdOf(SlideSchema.parse({ id: 's', settings: { presetId: 'film' } }))).toBe('film');
    expect(presetIdOf(SlideSchema.parse({ id: 's' }))).toBeUndefined();
  });
});

describe('voices', () => {
  const v = (Id: string, LanguageName: string, engine: TtsVoice['engine']): TtsVoice => ({
    Id,
    label: Id,
    Name: Id,
    LanguageCode: 'xx',
    LanguageName,
    engine,
  });
  it('groups by language and filters by engine', () => {
    const voices = [v('b', 'German', 'free_tts'), v('a', 'English', 'free_tts'), v('p', 'English', 'paid_tts')];
    expect(groupVoices(voices, 'free_tts')).toEqual([
      { group: 'English', items: [{ value: 'a', label: 'a' }] },
      { group: 'German', items: [{ value: 'b', label: 'b' }] },
    ]);
    expect(groupVoices(voices, 'paid_tts')).toEqual([{ group: 'English', items: [{ value: 'p', label: 'p' }] }]);
  });
  it('builds the demo address', () => {
    expect(voiceDemoUrl({ Id: 'en-US-A', LanguageCode: 'en-US' })).toBe(
      '/api/queries/tts?voice=en-US-A&lang=en-US&demo=1&redir=1',
    );
  });
});

describe('parseThumbDrag', () => {
  it('reads our drags and refuses others', async () => {
    const { parseThumbDrag, thumbSource } = await import('./drop-rules');
    const data = parseThumbDrag(
      JSON.stringify({ slideId: 's', textId: 't', mediaId: 'm', type: 'video', media: { id: 'm', url: 'u' } }),
    );
    expect(data && thumbSource(data)).toEqual({
      from: 'thumb',
      kind: 'video',
      slideId: 's',
      textId: 't',
      mediaId: 'm',
    });
    expect(parseThumbDrag('{"slideId":"s","textId":"t","type":"audio","found":{"url":"u"}}')).toBeNull();
    expect(parseThumbDrag('nope')).toBeNull();
  });
});

describe('dropBeforeId', () => {
  it('lands after the target going forward, before it going back', async () => {
    const { dropBeforeId } = await import('./media-edits');
    expect(dropBeforeId(['a', 'b', 'c'], 'a', 'b')).toBe('c');
    expect(dropBeforeId(['a', 'b', 'c'], 'a', 'c')).toBeNull();
    expect(dropBeforeId(['a', 'b', 'c'], 'c', 'a')).toBe('a');
    expect(dropBeforeId(['a', 'b', 'c'], 'c', null)).toBeNull();
  });
});
