import { describe, expect, it } from 'vitest';
import { canPlayRow, cleanPronunciations, isEmptyRow, pronunciationRowError, ttsSettingsOf } from './pronunciations';

const row = (from: string, to: string) => ({ id: `${from}-${to}`, from, to });

describe('custom pronunciations (spec 000 §3, §6)', () => {
  it('needs the pronunciation once a word is set', () => {
    expect(pronunciationRowError(row('GIF', ''))).toMatch(/sound/);
    expect(pronunciationRowError(row('GIF', 'jif'))).toBeNull();
    expect(pronunciationRowError(row('', ''))).toBeNull();
  });

  it('counts a row with an empty word as empty, whatever its pronunciation', () => {
    expect(isEmptyRow(row('  ', 'jif'))).toBe(true);
    expect(pronunciationRowError(row('', 'jif'))).toBeNull();
    expect(cleanPronunciations([row(' GIF ', ' jif '), row('', 'x')])).toEqual([
      { id: ' GIF - jif ', from: 'GIF', to: 'jif' },
    ]);
  });

  it('shows play only when both are filled', () => {
    expect(canPlayRow(row('GIF', 'jif'))).toBe(true);
    expect(canPlayRow(row('GIF', ' '))).toBe(false);
    expect(canPlayRow(row('', 'jif'))).toBe(false);
  });

  it('reads the settings object, tolerating what it does not know', () => {
    expect(ttsSettingsOf({})).toEqual({ words: [] });
    expect(ttsSettingsOf({ tts: { words: [row('a', 'b')], voiceId: 'v', extra: 1 } })).toEqual({
      words: [row('a', 'b')],
      voiceId: 'v',
      extra: 1,
    });
    expect(ttsSettingsOf({ tts: 'nonsense' })).toEqual({ words: [] });
  });
});
