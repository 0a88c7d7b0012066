import * as webvtt from 'node-webvtt';
import srtValidator, { parser as srtParser } from 'srt-validator';
import { describe, expect, it } from 'vitest';
import { CAPTION_RULES, type Cue, groupCues, type TimedWord, wrapCaption } from './cues';
import { toSrt, toVtt } from './formats';

/** Words spoken one after another at `wordsPerSecond`, with `pauses` (seconds) after given word indices. */
function speak(text: string, options: { wordsPerSecond?: number; pauses?: Record<number, number> } = {}) {
  const step = 1 / (options.wordsPerSecond ?? 3);
  let t = 0;
  return text.split(' ').map((word, i): TimedWord => {
    const timed = { text: word, start: t, end: t + step * 0.9 };
    t += step + (options.pauses?.[i] ?? 0);
    return timed;
  });
}

const ARTICLE =
  'Coffee was first brewed in Yemen in the fifteenth century. Traders carried it to Cairo, Istanbul and ' +
  'Venice, where the first European coffee houses opened; within a century there were hundreds of them in ' +
  'London alone, and people called them penny universities because a cup cost a penny and the talk was free. ' +
  'Today more than two billion cups are drunk every day.';

describe('wrapCaption', () => {
  it('fills lines greedily up to the limit', () => {
    expect(wrapCaption(['one', 'two', 'three'], 7, 2)).toEqual(['one two', 'three']);
  });

  it('answers null when the words need more lines', () => {
    expect(wrapCaption(['aaaa', 'bbbb', 'cccc'], 4, 2)).toBeNull();
  });
});

describe('groupCues', () => {
  const cues = groupCues(speak(ARTICLE));

  it('keeps every word, in order, once', () => {
    expect(cues.flatMap((cue) => cue.words.map((w) => w.text)).join(' ')).toBe(ARTICLE);
  });

  it('shows at most two lines of at most 42 characters', () => {
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(CAPTION_RULES.maxLines);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(CAPTION_RULES.maxLineChars);
    }
  });

  it('shows each cue between 1 and 7 seconds, in order, never overlapping', () => {
    for (const [i, cue] of cues.entries()) {
      expect(cue.end - cue.start).toBeGreaterThanOrEqual(CAPTION_RULES.minSeconds);
      expect(cue.end - cue.start).toBeLessThanOrEqual(CAPTION_RULES.maxSeconds);
      const next = cues[i + 1];
      if (next) expect(cue.end).toBeLessThanOrEqual(next.start);
    }
  });

  it('ends a cue at a sentence end rather than carrying the sentence on', () => {
    const sentenceEnd = cues.find((cue) => cue.words.some((w) => w.text === 'century.'));
    expect(sentenceEnd?.words.at(-1)?.text).toBe('century.');
    expect(cues[cues.indexOf(sentenceEnd as Cue) + 1]?.words[0]?.text).toBe('Traders');
  });

  it('cuts a long sentence at its clauses where it can', () => {
    const endings = cues.map((cue) => cue.words.at(-1)?.text ?? '');
    expect(endings.filter((word) => /[,;]$/.test(word)).length).toBeGreaterThan(0);
  });

  it('starts a new cue after a pause in the speech', () => {
    const paused = groupCues(speak('We stop here and then we go on', { pauses: { 2: 1.2 } }));
    expect(paused.map((cue) => cue.lines.join(' '))).toEqual(['We stop here', 'and then we go on']);
  });

  it('keeps a short cue up for a second when the next one leaves room', () => {
    const [only] = groupCues([{ text: 'Hi.', start: 2, end: 2.3 }]);
    expect(only).toMatchObject({ start: 2, end: 3 });
    // Closer than a second: the first stays up until the next begins, not over it.
    const [first, second] = groupCues([
      { text: 'Hi.', start: 2, end: 2.1 },
      { text: 'There.', start: 2.95, end: 3.5 },
    ]);
    expect(first).toMatchObject({ start: 2, end: 2.95 });
    expect(second?.start).toBe(2.95);
  });

  it('splits slow speech so no cue stays up past 7 seconds', () => {
    const slow = groupCues(speak('one two three four five six seven eight nine ten', { wordsPerSecond: 1 }));
    expect(slow.length).toBeGreaterThan(1);
    for (const cue of slow) expect(cue.end - cue.start).toBeLessThanOrEqual(7);
  });

  it('gives a word longer than a line a line of its own', () => {
    const long = 'Pneumonoultramicroscopicsilicovolcanoconiosis-and-more-letters';
    const [cue] = groupCues([{ text: long, start: 0, end: 2 }]);
    expect(cue?.lines).toEqual([long]);
  });
});

describe('caption files', () => {
  const cues = groupCues(speak(`${ARTICLE} Is <this> & that --> fine?`));

  it('writes SubRip that a validator accepts and a parser reads back', () => {
    const srt = toSrt(cues);
    expect(srtValidator(srt)).toEqual([]);
    const parsed = srtParser.parse(srt);
    expect(parsed).toHaveLength(cues.length);
    expect(parsed[0]?.text).toBe(cues[0]?.lines.join('\n'));
    expect(parsed[0]?.time).toEqual({
      start: Math.round((cues[0]?.start ?? 0) * 1000),
      end: Math.round((cues[0]?.end ?? 0) * 1000),
    });
  });

  it('writes WebVTT that a strict parser reads back', () => {
    const parsed = webvtt.parse(toVtt(cues), { strict: true });
    expect(parsed.valid).toBe(true);
    expect(parsed.cues).toHaveLength(cues.length);
    for (const [i, cue] of parsed.cues.entries()) {
      expect(cue.start).toBeCloseTo(cues[i]?.start ?? -1, 3);
      expect(cue.end).toBeCloseTo(cues[i]?.end ?? -1, 3);
    }
    expect(parsed.cues.at(-1)?.text).toContain('&lt;this&gt; &amp; that --&gt; fine?');
  });

  it('writes hours, minutes, seconds and milliseconds', () => {
    const late = [{ start: 3723.4567, end: 3725, lines: ['Late'], words: [] }];
    expect(toSrt(late)).toBe('1\n01:02:03,457 --> 01:02:05,000\nLate\n');
    expect(toVtt(late)).toBe('WEBVTT\n\n01:02:03.457 --> 01:02:05.000\nLate\n');
  });
});
