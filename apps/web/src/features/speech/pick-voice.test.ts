import type { TtsVoice } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { pickVoice } from './pick-voice';

const voice = (Id: string, LanguageCode: string): TtsVoice => ({
  Id,
  label: Id,
  Name: Id,
  LanguageCode,
  LanguageName: LanguageCode,
  engine: 'free_tts',
});

describe('pickVoice', () => {
  const voices = [voice('af', 'af'), voice('en-gb', 'en-GB'), voice('espeak:en-us+f3', 'en-US')];
  it('keeps the wanted voice when offered', () => expect(pickVoice(voices, 'en-gb')?.Id).toBe('en-gb'));
  it('falls back to US English, then English, then the first', () => {
    expect(pickVoice(voices, 'en-US-Wavenet-C')?.Id).toBe('espeak:en-us+f3');
    expect(pickVoice(voices.slice(0, 2), 'x')?.Id).toBe('en-gb');
    expect(pickVoice(voices.slice(0, 1), 'x')?.Id).toBe('af');
    expect(pickVoice([], 'x')).toBeUndefined();
  });
});
