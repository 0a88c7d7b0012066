import { cleanSpeechText } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { applyPronunciations, clipKey } from './speech-text';

const words = (...pairs: [string, string][]) => pairs.map(([from, to], i) => ({ id: String(i), from, to }));

describe('speech text (spec 001 §5: asterisks stripped)', () => {
  it('strips asterisks and collapses white space', () => {
    expect(cleanSpeechText('  **Coffee**  is\n\tgreat*  ')).toBe('Coffee is great');
    expect(cleanSpeechText(' *** \n ')).toBe('');
  });
});

describe('custom pronunciations (spec 000 §2)', () => {
  it('replaces whole words only, case-insensitively, every time', () => {
    const gif = words(['GIF', 'jif']);
    expect(applyPronunciations('A GIF, a gif and a Gif.', gif)).toBe('A jif, a jif and a jif.');
    expect(applyPronunciations('GIFs and giffy are other words', gif)).toBe('GIFs and giffy are other words');
  });

  it('matches next to punctuation, quotes and brackets', () => {
    const nginx = words(['nginx', 'engine x']);
    expect(applyPronunciations('"nginx", (nginx); nginx! nginx? nginx… nginx.conf', nginx)).toBe(
      '"engine x", (engine x); engine x! engine x? engine x… engine x.conf',
    );
  });

  it('treats letters of any script as word characters', () => {
    expect(applyPronunciations('Москва и москвичи. МОСКВА!', words(['москва', 'масква']))).toBe(
      'масква и москвичи. масква!',
    );
    expect(applyPronunciations('Ωμέγα ωμέγαX', words(['ωμέγα', 'omega']))).toBe('omega ωμέγαX');
    // é is a letter: 'café' is not the word 'caf'.
    expect(applyPronunciations('café caf', words(['caf', 'calf']))).toBe('café calf');
    // Devanagari vowel signs are combining marks inside the word.
    expect(applyPronunciations('नमस्ते नमस्तेजी', words(['नमस्ते', 'namaste']))).toBe('namaste नमस्तेजी');
  });

  it('matches anywhere in scripts written without spaces', () => {
    expect(applyPronunciations('東京都に行きます', words(['東京', 'とうきょう']))).toBe('とうきょう都に行きます');
    expect(applyPronunciations('สวัสดีครับ', words(['สวัสดี', 'sawasdee']))).toBe('sawasdeeครับ');
  });

  it('prefers the longer word and never replaces a replacement', () => {
    const pairs = words(['New York', 'new yawk'], ['York', 'yorrk'], ['yawk', 'NO']);
    expect(applyPronunciations('New  York and York', pairs)).toBe('new yawk and yorrk');
  });

  it('ignores empty rows and treats regex characters literally', () => {
    expect(applyPronunciations('a+b c++ a.b', words(['', 'x'], ['c++', 'c plus plus'], ['a.b', 'a dot b']))).toBe(
      'a+b c plus plus a dot b',
    );
    expect(applyPronunciations('axb', words(['a.b', 'no']))).toBe('axb');
    expect(applyPronunciations('text', [])).toBe('text');
  });
});

describe('clip keys', () => {
  const base = { provider: 'espeak', voiceId: 'espeak:en-us', text: 'Hello' };

  it('is a SHA-256 that changes with provider, voice, text and options', () => {
    const key = clipKey(base);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(clipKey({ ...base })).toBe(key);
    expect(clipKey({ ...base, provider: 'google' })).not.toBe(key);
    expect(clipKey({ ...base, voiceId: 'espeak:en-us+f3' })).not.toBe(key);
    expect(clipKey({ ...base, text: 'hello' })).not.toBe(key);
    expect(clipKey({ ...base, rate: 1.2 })).not.toBe(key);
    expect(clipKey({ ...base, pitch: 2 })).not.toBe(key);
  });

  it('keys default options like absent ones, and cannot be confused by separators', () => {
    expect(clipKey({ ...base, rate: 1, pitch: 0 })).toBe(clipKey(base));
    expect(clipKey({ ...base, voiceId: 'a', text: 'b c' })).not.toBe(clipKey({ ...base, voiceId: 'a b', text: 'c' }));
  });
});
