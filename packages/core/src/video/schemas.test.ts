import { describe, expect, it } from 'vitest';
import { BackgroundSchema, NO_BACKGROUND } from './background';
import { createFrame, createTextItem } from './factories';
import { ItemSchema, TextItemSchema } from './item';
import { MovieSchema, WatermarkSchema } from './movie';
import { ColorSchema, HexColorSchema, TRANSPARENT } from './style';
import { ContainerSchema, DEFAULT_FIT_PADDING, DEFAULT_FONT_SIZE, DEFAULT_TEXT_PADDING } from './text';

const box = { left: 0, top: 0, width: 0.5, height: 0.5 };

describe('movie defaults (002 §9)', () => {
  const movie = MovieSchema.parse({});

  it('music volume 0.25 and voice volume 1', () => {
    expect(movie.audio).toEqual({ musicVolume: 0.25, voiceVolume: 1 });
    expect(MovieSchema.parse({ audio: { url: 'song.mp3' } }).audio).toEqual({
      url: 'song.mp3',
      musicVolume: 0.25,
      voiceVolume: 1,
    });
  });

  it('no watermark, with opacity 0.6, margin 15 px and position bottom right', () => {
    expect(movie.watermark).toMatchObject({
      type: 'none',
      opacity: 0.6,
      margin: 15,
      positionX: 'right',
      positionY: 'bottom',
    });
  });

  it('no frames', () => {
    expect(movie.frames).toEqual([]);
  });
});

describe('watermark (002 §4, §5, §9)', () => {
  it('a text watermark gets opacity 0.6, margin 15 and bottom right', () => {
    expect(WatermarkSchema.parse({ type: 'text', text: '© Me' })).toMatchObject({
      opacity: 0.6,
      margin: 15,
      positionX: 'right',
      positionY: 'bottom',
    });
  });

  it('has the types none, text and image', () => {
    expect(WatermarkSchema.safeParse({ type: 'none' }).success).toBe(true);
    expect(WatermarkSchema.safeParse({ type: 'logo' }).success).toBe(false);
  });

  it('the text is required when the type is text', () => {
    for (const text of [undefined, '', '   ']) {
      const result = WatermarkSchema.safeParse({ type: 'text', text });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['text'], message: 'Enter the watermark text.' });
    }
  });

  it('the image is required when the type is image', () => {
    for (const image of [undefined, '']) {
      const result = WatermarkSchema.safeParse({ type: 'image', image });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['image'], message: 'Choose the watermark image.' });
    }
    expect(WatermarkSchema.safeParse({ type: 'image', image: 'logo.png' }).success).toBe(true);
  });

  it('neither is required for the other types', () => {
    expect(WatermarkSchema.safeParse({ type: 'none' }).success).toBe(true);
    expect(WatermarkSchema.safeParse({ type: 'image', image: 'logo.png' }).success).toBe(true);
    expect(WatermarkSchema.safeParse({ type: 'text', text: 'Me' }).success).toBe(true);
  });

  it('a movie with a text watermark without text is refused', () => {
    const result = MovieSchema.safeParse({ watermark: { type: 'text' } });
    expect(result.error?.issues[0]?.path).toEqual(['watermark', 'text']);
  });
});

describe('text defaults (002 §9): font 48 px, padding 30 px, fit padding 5 px', () => {
  const item = TextItemSchema.parse({
    id: 't',
    type: 'text',
    timing: { start: 0, stop: 3 },
    box,
    paragraphs: [{ runs: [{ text: 'Hi' }] }],
  });

  it('font size is 48 px of the 576-high stage', () => {
    expect(DEFAULT_FONT_SIZE).toBe(48 / 576);
    expect(item.font.size).toBe(48 / 576);
    expect(TextItemSchema.parse({ ...item, font: {} }).font.size).toBe(48 / 576);
  });

  it('padding is 30 and fit padding 5', () => {
    expect([DEFAULT_TEXT_PADDING, DEFAULT_FIT_PADDING]).toEqual([30, 5]);
    expect(item.padding).toBe(30);
    expect(item.fitPadding).toBe(5);
  });

  it('the text factory fills the same defaults', () => {
    expect(createTextItem('t', 'a\nb')).toMatchObject({
      padding: 30,
      fitPadding: 5,
      font: { size: 48 / 576 },
      paragraphs: [{ runs: [{ text: 'a' }] }, { runs: [{ text: 'b' }] }],
    });
  });

  it('a container behind the text has alpha 0.4', () => {
    expect(ContainerSchema.parse({}).backgroundAlpha).toBe(0.4);
  });
});

describe('background defaults (002 §9): tint 0, backdrop value 10', () => {
  it('tint 0 and backdrop value 10', () => {
    const background = BackgroundSchema.parse({ type: 'color', color: '#123456' });
    expect(background.filters).toMatchObject({ tint: 0, backdropValue: 10 });
    expect(NO_BACKGROUND.filters).toMatchObject({ tint: 0, backdropValue: 10 });
  });

  it('partial filters are filled with the same defaults', () => {
    expect(BackgroundSchema.parse({ type: 'none', filters: { blur: 3 } }).filters).toMatchObject({
      blur: 3,
      tint: 0,
      backdropValue: 10,
    });
  });

  it('a new frame has a black colour background', () => {
    expect(createFrame('f').background).toMatchObject({ type: 'color', color: '#000000' });
  });

  it('tab order of the background type is none, color, gradient, image, blob, video (002 §3, §4)', () => {
    expect(BackgroundSchema.shape.type.options).toEqual(['none', 'color', 'gradient', 'image', 'blob', 'video']);
  });

  it('a movie has no background of its own until one is set', () => {
    expect(MovieSchema.parse({}).background).toBeUndefined();
    expect(MovieSchema.parse({ background: { type: 'color', color: '#336699' } }).background).toMatchObject({
      type: 'color',
      color: '#336699',
    });
  });
});

describe('builder fields (002 §3)', () => {
  const base = { id: 'i', timing: { start: 0, stop: 3 }, box };

  it('every visual item may carry attached audio, from an upload unless said', () => {
    const audio = { url: 'said.mp3', duration: 2 };
    for (const item of [
      { ...base, type: 'text', paragraphs: [] },
      { ...base, type: 'image', url: 'i.png' },
      { ...base, type: 'video', url: 'v.mp4' },
      { ...base, type: 'gallery', images: [] },
      { ...base, type: 'slide', background: { type: 'none' } },
    ]) {
      expect(ItemSchema.parse({ ...item, audio })).toMatchObject({ audio: { ...audio, source: 'upload' } });
    }
    const mic = ItemSchema.parse({ ...base, type: 'image', url: 'i.png', audio: { url: 'm.mp3', source: 'mic' } });
    expect(mic).toMatchObject({ audio: { source: 'mic' } });
    expect(ItemSchema.safeParse({ ...base, type: 'image', url: 'i.png', audio: { url: '' } }).success).toBe(false);
  });

  it('a slide item is a panel with background settings of its own', () => {
    const slide = ItemSchema.parse({ ...base, type: 'slide', background: { type: 'color', color: '#ffffff' } });
    expect(slide).toMatchObject({ type: 'slide', background: { type: 'color', filters: { tint: 0 } } });
    expect(ItemSchema.safeParse({ ...base, type: 'slide' }).success).toBe(false);
  });

  it('a keyframe may set a whole-number z-index', () => {
    const item = { ...base, type: 'image', url: 'i.png' };
    const at = (zIndex: number) => ItemSchema.safeParse({ ...item, keyframes: [{ delay: 1, style: { zIndex } }] });
    expect(at(-2).success).toBe(true);
    expect(at(1.5).success).toBe(false);
  });
});

describe('item defaults', () => {
  it('a video item plays its clip from 0 at speed 1 and full volume, without loop or clamp', () => {
    const item = ItemSchema.parse({ id: 'v', type: 'video', url: 'clip.mp4', timing: { start: 0, stop: 3 }, box });
    expect(item).toMatchObject({ startTime: 0, stopTime: 0, speed: 1, volume: 1, loop: false, keyframes: [] });
  });

  it('an audio item has full volume', () => {
    const item = ItemSchema.parse({ id: 'a', type: 'audio', url: 'a.mp3', timing: { start: 0, stop: 3 }, box });
    expect(item).toMatchObject({ volume: 1 });
  });

  it('a keyframe delay is 0 or more', () => {
    const base = { id: 'i', type: 'image', url: 'i.png', timing: { start: 0, stop: 3 }, box };
    expect(ItemSchema.safeParse({ ...base, keyframes: [{ delay: 0, style: {} }] }).success).toBe(true);
    expect(ItemSchema.safeParse({ ...base, keyframes: [{ delay: -0.5, style: {} }] }).success).toBe(false);
  });
});

describe('colours (002 §5, §9): custom colour inputs accept hex only', () => {
  const hex = ['#fff', '#FFFF', '#1c7ed6', '#1C7ED6', '#00000000', TRANSPARENT];
  const notHex = ['red', 'fff', '#ff', '#12345', '#1234567', '#gggggg', 'rgb(0, 0, 0)', '', ' #ffffff'];

  it.each(hex)('a custom colour input accepts %s', (color) => {
    expect(HexColorSchema.safeParse(color).success).toBe(true);
  });

  it.each(notHex)('a custom colour input refuses %j', (color) => {
    const result = HexColorSchema.safeParse(color);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Use a hex color such as #1c7ed6.');
  });

  it('stored colours accept hex too, and the transparent palette option', () => {
    for (const color of hex) expect(ColorSchema.safeParse(color).success).toBe(true);
    expect(TRANSPARENT).toBe('#00000000');
  });

  it('stored colours refuse names and malformed hex', () => {
    for (const color of ['red', '#12345', '#gggggg', '']) expect(ColorSchema.safeParse(color).success).toBe(false);
  });
});
