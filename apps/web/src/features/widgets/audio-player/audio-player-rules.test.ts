import { describe, expect, it } from 'vitest';
import {
  CANNOT_PLAY,
  canPlay,
  canSeek,
  failureMessage,
  formatReadout,
  formatShort,
  playedFraction,
  seekTime,
  UNKNOWN_TIME,
} from './audio-player-rules';

describe('formatShort', () => {
  it('writes m:ss, whole seconds rounded down', () => {
    expect(formatShort(0)).toBe('0:00');
    expect(formatShort(7.9)).toBe('0:07');
    expect(formatShort(65)).toBe('1:05');
    expect(formatShort(600)).toBe('10:00');
  });

  it('reads a negative time as 0:00 and an unknown one as –:––', () => {
    expect(formatShort(-3)).toBe('0:00');
    expect(formatShort(Number.NaN)).toBe(UNKNOWN_TIME);
    expect(formatShort(Number.POSITIVE_INFINITY)).toBe('–:––');
  });

  it('puts the playhead and the length in the readout', () => {
    expect(formatReadout(1.2, 95)).toBe('0:01 / 1:35');
    expect(formatReadout(0, Number.NaN)).toBe('0:00 / –:––');
  });
});

describe('seekTime and playedFraction', () => {
  it('maps the slider to seconds, clamped to the audio', () => {
    expect(seekTime(0.5, 10)).toBe(5);
    expect(seekTime(-1, 10)).toBe(0);
    expect(seekTime(2, 10)).toBe(10);
  });

  it('seeks to 0 while the length is unknown', () => {
    expect(seekTime(0.5, Number.NaN)).toBe(0);
    expect(seekTime(0.5, Number.POSITIVE_INFINITY)).toBe(0);
    expect(seekTime(Number.NaN, 10)).toBe(0);
  });

  it('maps seconds back to the slider', () => {
    expect(playedFraction(2.5, 10)).toBe(0.25);
    expect(playedFraction(12, 10)).toBe(1);
    expect(playedFraction(3, Number.NaN)).toBe(0);
    expect(playedFraction(3, 0)).toBe(0);
  });
});

describe('what the controls allow', () => {
  it('plays a loading or ready audio, never a failed one', () => {
    expect(canPlay('loading')).toBe(true);
    expect(canPlay('ready')).toBe(true);
    expect(canPlay('failed')).toBe(false);
  });

  it('seeks only a ready audio of known length', () => {
    expect(canSeek('ready', 3)).toBe(true);
    expect(canSeek('loading', 3)).toBe(false);
    expect(canSeek('ready', Number.POSITIVE_INFINITY)).toBe(false);
    expect(canSeek('failed', 3)).toBe(false);
  });

  it("adds the server's reason to the failure message when there is one", () => {
    expect(failureMessage(null)).toBe(CANNOT_PLAY);
    expect(failureMessage('No such file.')).toBe('This audio cannot be played. No such file.');
  });
});
