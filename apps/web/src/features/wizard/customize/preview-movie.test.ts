import { abilitiesFor, SlideSchema, WizardSchema } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { applyWizardCaptions } from './captions';
import { buildPreviewMovie } from './preview-movie';

const PAID = abilitiesFor('paid');
const slide = (n: number) => SlideSchema.parse({ id: `s${n}`, texts: [{ id: `t${n}`, text: `Line ${n}`, media: [] }] });

const wizard = (extra: Record<string, unknown> = {}) =>
  WizardSchema.parse({ keyword: 'cats', slides: Array.from({ length: 7 }, (_, i) => slide(i + 1)), ...extra });

describe('buildPreviewMovie', () => {
  it('previews the first 5 slides plus the contact slides', () => {
    const movie = buildPreviewMovie(
      wizard({ social: { intro: { enabled: true, value: 'Hi' }, outro: { enabled: true, value: 'Bye' } } }),
      { abilities: PAID, showAll: false },
    );
    expect(movie.frames).toHaveLength(7);
    expect(movie.frames[0]?.social).toBe('intro');
    expect(movie.frames[6]?.social).toBe('outro');
  });

  it('previews every slide once all are loaded', () => {
    expect(buildPreviewMovie(wizard(), { abilities: PAID, showAll: true }).frames).toHaveLength(7);
  });

  it('carries the music and the watermark', () => {
    const movie = buildPreviewMovie(
      wizard({ music: { id: 'a', url: '/a.mp3', volume: 0.6 }, watermark: { enabled: true, text: 'Sunny' } }),
      { abilities: PAID, showAll: false },
    );
    expect(movie.audio).toMatchObject({ url: '/a.mp3', musicVolume: 0.6 });
    expect(movie.watermark).toMatchObject({ type: 'text', text: 'Sunny' });
  });

  it('has no music and, for paid members, no watermark by default', () => {
    const movie = buildPreviewMovie(wizard(), { abilities: PAID, showAll: false });
    expect(movie.audio.url).toBeUndefined();
    expect(movie.watermark.type).toBe('none');
  });
});

describe('the customize step’s captions (D68)', () => {
  it('are previewed as the video will have them, off by default', () => {
    expect(buildPreviewMovie(wizard(), { abilities: PAID, showAll: false }).captions).toBeUndefined();
    const movie = buildPreviewMovie(wizard({ captions: 'boxed' }), { abilities: PAID, showAll: false });
    expect(movie.captions).toEqual({ style: 'boxed' });
  });

  it('set or remove the video’s captions, and leave the builder’s when not chosen', () => {
    const video: { captions?: { style: 'off' | 'plain' | 'boxed' | 'highlight' } } = { captions: { style: 'plain' } };
    applyWizardCaptions(video, undefined);
    expect(video.captions).toEqual({ style: 'plain' });
    applyWizardCaptions(video, 'highlight');
    expect(video.captions).toEqual({ style: 'highlight' });
    applyWizardCaptions(video, 'off');
    expect(video).not.toHaveProperty('captions');
  });
});
