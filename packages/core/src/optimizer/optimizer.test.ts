import { describe, expect, it } from 'vitest';
import { createTextItem } from '../video/factories';
import { CHAPTER_RULES, chapterLines, chapterTitle, formatTimestamp } from './chapters';
import { boldKeyPoints, optimizedTitle, optimizeVideo, TITLE_MAX_CHARS } from './optimize';
import { movieSections } from './sections';
import { cutTags, joinTags, keyPhrases, TAGS_MAX_CHARS } from './tags';

/** The timestamps of a description as a video site reads them: lines starting with m:ss or h:mm:ss. */
function timestampsOf(description: string): number[] {
  return description.split('\n').flatMap((line) => {
    const match = /^(?:(\d+):)?(\d{1,2}):(\d{2}) \S/.exec(line);
    if (!match) return [];
    const [, h = '0', m = '0', s = '0'] = match;
    return [Number(h) * 3600 + Number(m) * 60 + Number(s)];
  });
}

/** YouTube's chapter rules: the first at 0:00, at least three, ascending, each at least 10 s long. */
function areChapters(times: number[], duration: number): boolean {
  if (times[0] !== 0 || times.length < 3) return false;
  return times.every((t, i) => (times[i + 1] ?? duration) - t >= 10);
}

/** A video of `count` slides, `seconds` each, about coffee. */
function slides(count: number, seconds: number | number[]) {
  let start = 0;
  return Array.from({ length: count }, (_, i) => {
    const section = { start, text: `Coffee fact number ${i + 1}. Roasting coffee beans changes their taste.` };
    start += Array.isArray(seconds) ? (seconds[i] ?? 5) : seconds;
    return section;
  });
}

describe('timestamp lines', () => {
  it('writes m:ss, and h:mm:ss from an hour on', () => {
    expect(formatTimestamp(0)).toBe('0:00');
    expect(formatTimestamp(75.9)).toBe('1:15');
    expect(formatTimestamp(3725)).toBe('1:02:05');
  });

  it('adds a line only when it is more than 8 seconds after the previous one', () => {
    const sections = [0, 4, 8, 9, 19, 23, 35, 47].map((start, i) => ({ start, title: `Slide ${i + 1}` }));
    const times = timestampsOf(chapterLines(sections, 60).join('\n'));
    expect(times).toEqual([0, 19, 35, 47]);
    for (let i = 1; i < times.length; i++) {
      expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThan(CHAPTER_RULES.moreThanSeconds);
    }
  });

  it('makes chapters a video site accepts when the video allows it', () => {
    for (const [count, seconds] of [
      [12, 6],
      [5, 12],
      [30, 3.5],
      [8, [20, 2, 2, 2, 15, 9, 11, 30]],
    ] as const) {
      const sections = slides(count, seconds as number | number[]);
      const duration = Array.isArray(seconds) ? seconds.reduce((a, b) => a + b, 0) : count * (seconds as number);
      const lines = chapterLines(
        sections.map((s) => ({ start: s.start, title: s.text })),
        duration,
      );
      expect(areChapters(timestampsOf(lines.join('\n')), duration), lines.join('\n')).toBe(true);
    }
  });

  it('starts at 0:00 and leaves the last chapter 10 seconds', () => {
    const lines = chapterLines(
      [
        { start: 1.5, title: 'Intro' },
        { start: 12, title: 'Middle' },
        { start: 25, title: 'Too close to the end' },
      ],
      30,
    );
    expect(lines).toEqual(['0:00 Intro', '0:12 Middle']);
  });

  it('names chapters with one line of the slide, cut at a word', () => {
    expect(chapterTitle('  Why   roast\ncoffee? ')).toBe('Why roast coffee?');
    const long = chapterTitle('The long history of coffee houses in Europe, from Venice to London and beyond them');
    expect(long.length).toBeLessThanOrEqual(CHAPTER_RULES.maxTitleChars);
    expect(long).toBe('The long history of coffee houses in Europe, from Venice…');
  });
});

describe('tags', () => {
  it('keeps the list within 500 characters, cutting whole tags', () => {
    const many = Array.from({ length: 100 }, (_, i) => `coffee tag number ${i}`);
    const tags = cutTags(many);
    expect(joinTags(tags).length).toBeLessThanOrEqual(TAGS_MAX_CHARS);
    expect(joinTags(cutTags(many.slice(0, tags.length + 1))).length).toBeLessThanOrEqual(TAGS_MAX_CHARS);
    expect(joinTags([...tags, many[tags.length] as string]).length).toBeGreaterThan(TAGS_MAX_CHARS);
    expect(many.slice(0, tags.length)).toEqual(tags);
  });

  it('drops blanks and repeats in any case, and commas inside a tag', () => {
    expect(cutTags(['Coffee', ' ', 'coffee', 'cold brew, iced', 'COFFEE'])).toEqual(['Coffee', 'cold brew iced']);
  });

  it('finds the phrases a text repeats', () => {
    const phrases = keyPhrases(
      'Cold brew coffee is smooth. Cold brew takes a day. Many people love cold brew in summer; coffee shops sell it.',
    );
    expect(phrases[0]).toBe('cold brew');
    expect(phrases).toContain('coffee');
    expect(phrases).not.toContain('is');
    // Said once, a pair of words is a chance neighbour, not a phrase.
    expect(phrases).not.toContain('people love');
  });
});

describe('optimizeVideo', () => {
  const input = {
    keyword: 'coffee roasting',
    sections: slides(10, 6),
    duration: 60,
    relatedKeywords: ['home coffee roasting', 'roasting beans', 'coffee roaster'],
  };

  it('puts the keyword early in a title under 100 characters', () => {
    const { title } = optimizeVideo(input) ?? { title: '' };
    expect(title.toLowerCase().indexOf('coffee roasting')).toBeLessThan(30);
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
    expect(optimizedTitle('coffee', 'Coffee: a short history')).toBe('Coffee: a short history');
    expect(optimizedTitle('tea', 'x'.repeat(200)).length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
  });

  it('describes the video with key points in bold and chapters', () => {
    const { description } = optimizeVideo(input) ?? { description: '' };
    expect(description).toMatch(/\*[^*\n]+\*/);
    expect(areChapters(timestampsOf(description), input.duration)).toBe(true);
  });

  it('tags the keyword first, then related keywords and key phrases', () => {
    const { tags } = optimizeVideo(input) ?? { tags: [] };
    expect(tags.slice(0, 4)).toEqual(['coffee roasting', ...input.relatedKeywords]);
    expect(tags.length).toBeGreaterThan(4);
    expect(joinTags(tags).length).toBeLessThanOrEqual(TAGS_MAX_CHARS);
  });

  it('bolds the keyword, not its words again elsewhere', () => {
    const { description } = optimizeVideo({ ...input, keyword: 'roasting coffee beans' }) ?? { description: '' };
    expect(description).toContain('*Roasting coffee beans*');
    expect(description).not.toMatch(/\*(coffee|roasting|beans)\*/i);
  });

  it('has no results for a video without text', () => {
    expect(optimizeVideo({ ...input, sections: [{ start: 0, text: '  ' }] })).toBeNull();
  });

  it('bolds the first occurrence of each phrase only, never inside a word', () => {
    expect(boldKeyPoints('Roast coffee. Coffee beans roast fast; coffeehouse.', ['coffee', 'beans'])).toBe(
      'Roast *coffee*. Coffee *beans* roast fast; coffeehouse.',
    );
  });
});

describe('movieSections', () => {
  it("gives each frame's start and its text items' paragraphs", () => {
    const text = (id: string, lines: string[]) => ({
      ...createTextItem(id, ''),
      paragraphs: lines.map((line) => ({ runs: [{ text: line }] })),
    });
    const movie = {
      frames: [
        { items: [text('a', ['Why roast', 'coffee?'])], duration: 6 },
        { items: [], duration: 4 },
        { items: [text('b', ['Roasting ', 'at home.'])], duration: 5 },
      ],
    };
    expect(movieSections(movie as never)).toEqual([
      { start: 0, text: 'Why roast\ncoffee?' },
      { start: 6, text: '' },
      { start: 10, text: 'Roasting \nat home.' },
    ]);
  });
});
