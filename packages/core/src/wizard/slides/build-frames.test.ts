import { describe, expect, it } from 'vitest';
import { abilitiesFor } from '../../account/abilities';
import type { Item } from '../../video/item';
import { MovieSchema } from '../../video/movie';
import { buildFrames, buildVideo, slideFrame } from './build-frames';
import { SLIDE_LAYOUTS } from './constants';
import { createSlides } from './create-slides';
import { type SlideInput, SlideSchema } from './schema';

const FREE = abilitiesFor('free');
const PAID = abilitiesFor('paid');

const media = (url: string, type: 'image' | 'video' = 'image') => ({ id: url, url, type });
const slide = (input: Partial<SlideInput> & Record<string, unknown> = {}) =>
  SlideSchema.parse({
    id: 'slide-1',
    texts: [
      { id: 't1', text: 'The **first** line of text', media: [media('a.jpg')], audio: { url: 'a.mp3', duration: 4 } },
      { id: 't2', text: 'The second line of text', media: [media('b.mp4', 'video')] },
    ],
    ...input,
  });
const ofType = <T extends Item['type']>(items: readonly Item[], type: T) =>
  items.filter((i): i is Extract<Item, { type: T }> => i.type === type);

describe('slideFrame', () => {
  it('times the lines from narration or 3 s, 0.15 s apart, the last at least 2.5 s (spec 001 §9)', () => {
    const frame = slideFrame(slide(), 0);
    const texts = ofType(frame.items, 'text');
    expect(texts.map((t) => t.timing)).toEqual([
      { start: 0, stop: 4 },
      { start: 4.15, stop: 7.15 },
    ]);
    expect(frame.duration).toBe(7.15);
    expect(frame.id).toBe('frame-1');
  });

  it('adds the narration as an audio item at its line', () => {
    const [audio] = ofType(slideFrame(slide(), 0).items, 'audio');
    expect(audio).toMatchObject({
      url: 'a.mp3',
      timing: { start: 0, stop: 4 },
      source: 'tts',
      ttsText: 'The first line of text',
    });
    const silent = slideFrame(slide({ settings: { audioSource: 'none' } }), 0);
    expect(ofType(silent.items, 'audio')).toHaveLength(0);
    expect(silent.duration).toBe(6.15);
  });

  it('plays a synced voice-over line from its part of the recording', () => {
    const synced = slide({
      texts: [
        { id: 't1', text: 'One', audio: { url: 'whole.mp3', type: 'sync', startTime: 4, endTime: 6.5, duration: 60 } },
      ],
    });
    const [audio] = ofType(slideFrame(synced, 0).items, 'audio');
    expect(audio).toMatchObject({ url: 'whole.mp3', offset: 4, duration: 2.5, timing: { start: 0, stop: 2.5 } });
  });

  it('shows each line with its media, the media covering the gap; highlighted words are bold marked runs', () => {
    const frame = slideFrame(slide({ settings: { layout: 'text_overlay' }, style: { boldColor: '#ff0000' } }), 0);
    const [image] = ofType(frame.items, 'image');
    const [video] = ofType(frame.items, 'video');
    expect(image).toMatchObject({
      url: 'a.jpg',
      timing: { start: 0, stop: 4.15 },
      box: { left: 0, top: 0, width: 1, height: 1 },
    });
    expect(video).toMatchObject({ url: 'b.mp4', timing: { start: 4.15, stop: 7.15 }, volume: 0, loop: true });
    const [first] = ofType(frame.items, 'text');
    expect(first!.paragraphs[0]!.runs).toEqual([
      { text: 'The ' },
      { text: 'first', bold: true, mark: true },
      { text: ' line of text' },
    ]);
    expect(first!.markColor).toBe('#ff0000');
  });

  it('lists text above the media (top layer first), and no item for the tint (D92)', () => {
    const types = slideFrame(slide({ settings: { layout: 'text_overlay' } }), 0).items.map((i) => i.label ?? i.type);
    expect(types).toEqual(['text', 'text', 'image', 'video', 'audio']);
  });

  it("tints the media with the overlay colour and alpha (default 0.4) as the frame's tint", () => {
    const frame = slideFrame(slide({ settings: { layout: 'text_overlay' } }), 0);
    expect(frame.tint).toEqual({ color: '#000000', alpha: 0.4 });
    expect(slideFrame(slide({ settings: { layout: 'text_on_left' } }), 0).tint).toBeUndefined();
    const noMedia = slide({ settings: { layout: 'text_overlay' }, texts: [{ id: 't', text: 'Only words here' }] });
    expect(slideFrame(noMedia, 0).tint).toBeUndefined();
  });

  it('puts the text in the container for container layouts, with its border', () => {
    const frame = slideFrame(
      slide({
        settings: {
          layout: 'container_bottom',
          container: { backgroundColor: '#e03131', backgroundAlpha: 0.8, style: { border: { enabled: true } } },
        },
      }),
      0,
    );
    const [text] = ofType(frame.items, 'text');
    expect(text!.box).toMatchObject({ left: 0.05, top: 0.66, width: 0.9, height: 0.28 });
    expect(text!.container).toMatchObject({ backgroundColor: '#e03131', backgroundAlpha: 0.8 });
    expect(text!.style.border).toMatchObject({ thickness: 2, color: '#ffffff' });
  });

  it('places text beside the media for text_on_left and hides it for text_hidden', () => {
    const left = slideFrame(slide({ settings: { layout: 'text_on_left' } }), 0);
    expect(ofType(left.items, 'text')[0]!.box).toMatchObject({ left: 0, width: 0.4 });
    expect(ofType(left.items, 'image')[0]!.box).toMatchObject({ left: 0.4, width: 0.6 });
    const hidden = slideFrame(slide({ settings: { layout: 'text_hidden' } }), 0);
    expect(ofType(hidden.items, 'text')).toHaveLength(0);
    expect(ofType(hidden.items, 'audio')).toHaveLength(1);
  });

  it('shows list lines in their cells until the end, over the first media', () => {
    const frame = slideFrame(slide({ settings: { layout: 'list_vertical' } }), 0);
    const texts = ofType(frame.items, 'text');
    expect(texts.map((t) => t.timing)).toEqual([
      { start: 0, stop: 7.15 },
      { start: 4.15, stop: 7.15 },
    ]);
    expect(texts[1]!.box.top).toBeGreaterThan(texts[0]!.box.top);
    expect(ofType(frame.items, 'image')[0]).toMatchObject({ url: 'a.jpg', timing: { start: 0, stop: 7.15 } });
  });

  it('makes a gallery of a collage and shows multiple media in turn', () => {
    const images = [media('1.jpg'), media('2.jpg'), media('3.jpg')];
    const collage = slideFrame(
      slide({ texts: [{ id: 't', text: 'Three pictures here', media: images, collage: true }] }),
      0,
    );
    expect(ofType(collage.items, 'gallery')[0]!.images).toEqual([{ url: '1.jpg' }, { url: '2.jpg' }, { url: '3.jpg' }]);
    const multiple = slideFrame(
      slide({
        texts: [{ id: 't', text: 'Three pictures here', media: images, allowMultipleMedia: true, minDuration: 6 }],
      }),
      0,
    );
    expect(ofType(multiple.items, 'image').map((i) => i.timing)).toEqual([
      { start: 0, stop: 2 },
      { start: 2, stop: 4 },
      { start: 4, stop: 6 },
    ]);
    const single = slideFrame(slide({ texts: [{ id: 't', text: 'Three pictures here', media: images }] }), 0);
    expect(ofType(single.items, 'image')).toHaveLength(1);
  });

  it('keeps the frame settings, music mute, background and rtl', () => {
    const frame = slideFrame(
      slide({
        bgMute: true,
        rtl: true,
        style: { bg: { type: 'color', color: '#112233' } },
        settings: { voiceId: 'v', lang: 'ar' },
      }),
      2,
    );
    expect(frame).toMatchObject({ id: 'frame-3', musicMuted: true, background: { type: 'color', color: '#112233' } });
    expect(frame.settings).toMatchObject({ voiceId: 'v', lang: 'ar' });
    expect(ofType(frame.items, 'text')[0]!.direction).toBe('rtl');
  });

  it('replaces colours the movie schema does not accept', () => {
    const frame = slideFrame(slide({ style: { color: 'red', bg: { color: 'nope' } } }), 0);
    expect(ofType(frame.items, 'text')[0]!.color).toBe('#ffffff');
    expect(frame.background.color).toBe('#000000');
  });
});

describe('buildFrames', () => {
  const created = createSlides({
    title: 'Coffee around the world',
    body: 'Coffee is grown in many countries.\n- Brazil grows most of it\n- Vietnam comes second\nIt is enjoyed everywhere.',
    keyword: 'coffee',
    abilities: PAID,
  }).slides;

  it('builds one frame per slide, for every layout, that validates against MovieSchema', () => {
    for (const layout of SLIDE_LAYOUTS) {
      const slides = created.map((s) => ({
        ...s,
        settings: { ...s.settings, layout },
        texts: s.texts.map((t, i) => ({ ...t, media: [media(`${i}.jpg`)] })),
      }));
      const frames = buildFrames({ slides });
      expect(frames.map((f) => f.id)).toEqual(['frame-1', 'frame-2', 'frame-3', 'frame-4']);
      expect(() => MovieSchema.parse({ frames })).not.toThrow();
    }
  });

  it('limits free accounts to 15 slides', () => {
    const slides = Array.from({ length: 20 }, (_, i) => ({
      id: `s${i}`,
      texts: [{ id: 't', text: `Slide ${i} text here` }],
    }));
    expect(buildFrames({ slides }, { abilities: FREE })).toHaveLength(15);
    expect(buildFrames({ slides }, { abilities: PAID })).toHaveLength(20);
  });

  it('adds contact frames of 5 s each: the intro first, the others after (spec 001 §2, §9)', () => {
    const social = {
      intro: { enabled: true, value: 'Welcome!' },
      website: { enabled: true, value: 'example.com' },
      facebook: { enabled: false, value: 'fb.com/x' },
      email: { enabled: true, value: '' },
      outro: { enabled: true, value: 'Thanks for watching' },
    };
    const frames = buildFrames({ slides: created.slice(0, 1), social });
    expect(frames.map((f) => [f.id, f.social, f.duration])).toEqual([
      ['frame-1', 'intro', 5],
      ['frame-2', undefined, frames[1]!.duration],
      ['frame-3', 'website', 5],
      ['frame-4', 'outro', 5],
    ]);
    const website = ofType(frames[2]!.items, 'text')[0]!;
    expect(website.paragraphs.map((p) => p.runs.map((r) => r.text).join(''))).toEqual(['Website', 'example.com']);
    expect(() => MovieSchema.parse({ frames })).not.toThrow();
  });

  it('skips slides without an id', () => {
    expect(buildFrames({ slides: [{ texts: [] }, { id: 'ok' }] })).toHaveLength(1);
  });

  it('is deterministic, random layouts included', () => {
    const slides = created.map((s) => ({ ...s, settings: { ...s.settings, layout: 'random' as const } }));
    expect(buildFrames({ slides })).toEqual(buildFrames({ slides }));
  });
});

describe('buildVideo', () => {
  it('gives free accounts the fixed watermark and paid ones none', () => {
    const free = buildVideo({ slides: [{ id: 's' }] }, { abilities: FREE });
    expect(free.watermark).toMatchObject({ type: 'text', text: 'Made with Reelwright' });
    expect(buildVideo({ slides: [] }).watermark.type).toBe('none');
    expect(free.size).toEqual({ width: 1024, height: 576 });
    expect(() => MovieSchema.parse(free)).not.toThrow();
  });
});
