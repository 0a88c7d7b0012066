import { describe, expect, it } from 'vitest';
import { DEFAULT_OVERLAY_ALPHA, SLIDE_LAYOUTS } from './constants';
import { slideFrameKey } from './frame-key';
import { isListLayout, PresetSchema, SlideSchema, SlideTextSchema, SocialSchema } from './schema';

describe('SlideSchema', () => {
  it('parses a bare id into a complete slide with the defaults of spec 001 §3 and §5', () => {
    const slide = SlideSchema.parse({ id: 's1' });
    expect(slide).toMatchObject({ id: 's1', texts: [], unique: false, bgMute: false, rtl: false, unmute: false });
    expect(slide.style.overlayAlpha).toBe(DEFAULT_OVERLAY_ALPHA);
    expect(slide.settings.container.backgroundAlpha).toBe(0.4);
    expect(slide.settings.layout).toBe('automatic');
    expect(slide.settings.audioSource).toBe('free_tts');
    expect(slide.settings.fx).toEqual({ text: {}, media: {}, frame: {} });
  });

  it('fills a text with media, audio and the minimum duration default', () => {
    const text = SlideTextSchema.parse({ id: 't', text: 'Hi', media: [{ id: 'm', url: 'a.jpg' }] });
    expect(text.media[0]).toMatchObject({ type: 'image', url: 'a.jpg' });
    expect(text.audio).toEqual({ url: '', type: 'tts' });
    expect(text).toMatchObject({ allowMultipleMedia: false, imageFit: 'cover', collage: false, minDuration: 0 });
  });

  it('repairs values out of the spec ranges instead of failing', () => {
    const slide = SlideSchema.parse({
      id: 's',
      style: { overlayAlpha: 3, textAlign: 'justify' },
      settings: { layout: 'nonsense', audioSource: 'robot', container: { backgroundAlpha: -1 } },
      texts: [{ id: 't', minDuration: 301 }],
    });
    expect(slide.style.overlayAlpha).toBe(0.4);
    expect(slide.style.textAlign).toBe('center');
    expect(slide.settings.layout).toBe('automatic');
    expect(slide.settings.audioSource).toBe('free_tts');
    expect(slide.settings.container.backgroundAlpha).toBe(0.4);
    expect(slide.texts[0]!.minDuration).toBe(0);
  });

  it('keeps fields it does not know (loose objects)', () => {
    const slide = SlideSchema.parse({ id: 's', extra: 1, settings: { future: 'x' } });
    expect(slide).toMatchObject({ extra: 1, settings: { future: 'x' } });
  });

  it('lists every layout of spec 001 §9 and knows the list kind', () => {
    expect(SLIDE_LAYOUTS).toEqual([
      'automatic',
      'text_overlay',
      'container_center',
      'container_bottom',
      'container_left',
      'container_right',
      'container_top',
      'container_fill',
      'container_random',
      'text_on_bottom',
      'text_on_left',
      'text_on_right',
      'text_on_top',
      'text_hidden',
      'list_vertical',
      'list_horizontal',
      'list_grid',
      'random',
    ]);
    expect(SLIDE_LAYOUTS.filter(isListLayout)).toEqual(['list_vertical', 'list_horizontal', 'list_grid']);
  });
});

describe('PresetSchema and SocialSchema', () => {
  it('parses a preset with empty style and settings by default', () => {
    expect(PresetSchema.parse({ id: 'p', name: 'P' }).data_json).toEqual({ style: {}, settings: {} });
    expect(() => PresetSchema.parse({ id: 'p', name: '' })).toThrow();
  });

  it('parses the contact items', () => {
    expect(SocialSchema.parse({ website: { enabled: true, value: 'a.com' }, phone: {} })).toEqual({
      website: { enabled: true, value: 'a.com' },
      phone: { enabled: false, value: '' },
    });
  });
});

describe('slideFrameKey', () => {
  it('changes with the texts and style but not with key order', () => {
    const a = SlideSchema.parse({ id: 'a', texts: [{ id: 't', text: 'one' }] });
    const b = SlideSchema.parse({ id: 'b', texts: [{ text: 'one', id: 't' }] });
    expect(slideFrameKey(a)).toBe(slideFrameKey(b));
    expect(slideFrameKey(a)).toMatch(/^[0-9a-f]{8}$/);
    expect(slideFrameKey({ ...a, style: { ...a.style, color: '#000000' } })).not.toBe(slideFrameKey(a));
    expect(slideFrameKey({ ...a, texts: [{ ...a.texts[0]!, text: 'two' }] })).not.toBe(slideFrameKey(a));
  });
});
