import { describe, expect, it } from 'vitest';
import { abilitiesFor } from '../../account/abilities';
import { DEFAULT_SLIDE_VOICE } from './constants';
import { createSlides, slideSources } from './create-slides';
import { slideFrameKey } from './frame-key';

const FREE = abilitiesFor('free');
const PAID = abilitiesFor('paid');

const sentences = (n: number) =>
  Array.from({ length: n }, (_, i) => `This is sentence number ${i + 1} of the article body.`).join(' ');

describe('createSlides (spec 001 §4 "Slide creation")', () => {
  it('makes a slide of the title and one per sentence, with stable ids', () => {
    const { slides, limited, warnFree } = createSlides({
      title: 'Coffee facts',
      body: 'Coffee is popular worldwide today. It grows in many countries near the equator.',
      keyword: 'coffee',
      abilities: PAID,
    });
    expect(slides.map((s) => s.id)).toEqual(['slide-1', 'slide-2', 'slide-3']);
    expect(slides.map((s) => s.texts.map((t) => t.text))).toEqual([
      ['**Coffee** facts'],
      ['**Coffee** is popular worldwide today.'],
      ['It grows in many countries near the equator.'],
    ]);
    expect(slides[1]!.texts[0]!.id).toBe('text-2-1');
    expect(slides[1]!.activeTextId).toBe('text-2-1');
    expect(limited).toBe(false);
    expect(warnFree).toBe(false);
  });

  it("gives the first slide the 'film' preset, the others the defaults", () => {
    const { slides } = createSlides({
      title: 'A title here',
      body: 'One sentence here.',
      keyword: '',
      abilities: PAID,
    });
    expect(slides[0]!.settings.layout).toBe('text_overlay');
    expect(slides[0]!.style.fontFamily).toBe('Oswald');
    expect(slides[1]!.settings.layout).toBe('automatic');
    expect(slides[1]!.style.fontFamily).toBe('Inter');
    for (const slide of slides) expect(slide.frameKey).toBe(slideFrameKey(slide));
  });

  it('narrates every slide with the default voice, or the one given', () => {
    const body = 'One sentence here. Another sentence there.';
    for (const slide of createSlides({ title: 'Title', body, keyword: '', abilities: PAID }).slides) {
      expect(slide.settings).toMatchObject(DEFAULT_SLIDE_VOICE);
    }
    const voice = { voiceId: 'espeak:de+f3', lang: 'de-DE', engine: 'free_tts' };
    for (const slide of createSlides({ title: 'Titel', body, keyword: '', abilities: PAID, defaultVoice: voice })
      .slides) {
      expect(slide.settings).toMatchObject(voice);
    }
  });

  it("leaves the title out when 'blank'", () => {
    const { slides } = createSlides({
      title: 'Title',
      body: 'Only the body counts.',
      keyword: '',
      abilities: PAID,
      blank: true,
    });
    expect(slides.map((s) => s.texts[0]!.text)).toEqual(['Only the body counts.']);
  });

  it('uses list_grid when more than one line starts with a dash', () => {
    const { slides } = createSlides({
      title: 'Packing list',
      body: 'Bring these things along.\n- A warm sleeping bag\n- A small stove\nSingle dash:\n- Only one item here',
      keyword: '',
      abilities: PAID,
    });
    expect(slides.map((s) => s.settings.layout)).toEqual([
      'text_overlay',
      'automatic',
      'list_grid',
      'automatic',
      'automatic',
    ]);
    expect(slides[2]!.texts.map((t) => t.text)).toEqual(['- A warm sleeping bag', '- A small stove']);
  });

  it('splits a sentence longer than breakText (default 320) characters', () => {
    const long = `${'word '.repeat(80).trim()}.`; // 400 characters
    expect(slideSources('', long, 320)).toHaveLength(2);
    expect(slideSources('', long, 320).every((s) => s.length <= 320)).toBe(true);
    expect(slideSources('', long, 500)).toHaveLength(1);
    expect(createSlides({ title: '', body: long, keyword: '', abilities: PAID }).slides).toHaveLength(2);
    expect(createSlides({ title: '', body: long, keyword: '', abilities: PAID, breakText: 100 }).slides).toHaveLength(
      4,
    );
  });

  it('breaks each slide into lines of at most 65 characters', () => {
    const { slides } = createSlides({ title: '', body: `${'word '.repeat(40).trim()}.`, keyword: '', abilities: PAID });
    expect(slides).toHaveLength(1);
    expect(slides[0]!.texts.length).toBe(4);
    for (const text of slides[0]!.texts) expect(text.text.length).toBeLessThanOrEqual(65);
  });

  it('limits free members to 10 slides and warns above 5', () => {
    const free = createSlides({ title: 'T', body: sentences(12), keyword: '', abilities: FREE });
    expect(free.slides).toHaveLength(10);
    expect(free.limited).toBe(true);
    expect(free.warnFree).toBe(true);
    const paid = createSlides({ title: 'T', body: sentences(12), keyword: '', abilities: PAID });
    expect(paid.slides).toHaveLength(13);
    expect(paid.limited).toBe(false);
    expect(paid.warnFree).toBe(false);
  });

  it('warns a free member at 6 slides but not at 5', () => {
    expect(createSlides({ title: '', body: sentences(5), keyword: '', abilities: FREE }).warnFree).toBe(false);
    expect(createSlides({ title: '', body: sentences(6), keyword: '', abilities: FREE }).warnFree).toBe(true);
  });

  it('creates nothing from nothing', () => {
    expect(createSlides({ title: ' ', body: '\n\n', keyword: 'x', abilities: FREE })).toEqual({
      slides: [],
      limited: false,
      warnFree: false,
    });
  });
});
