import { FrameSchema } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { AUDIO_SOURCES, attachedAudioLabel, CHANGE_AUDIO } from './audio-rules';

describe('audio section options (spec 002 §4)', () => {
  it("offers the model's audio sources in the spec's order", () => {
    const values = AUDIO_SOURCES.map((source) => source.value);
    expect(values).toEqual(['none', 'free_tts', 'paid_tts', 'mic', 'mp3']);
    expect(values).toEqual(FrameSchema.shape.settings.unwrap().shape.audioSource.unwrap().options);
  });

  it("uses the spec's link text", () => {
    expect(CHANGE_AUDIO).toBe('Change audio?');
  });

  it('names an attached sound by its origin and length', () => {
    expect(attachedAudioLabel({ source: 'mic', duration: 2.5 })).toBe('Recording · 2.5 s');
    expect(attachedAudioLabel({ source: 'upload', duration: undefined })).toBe('Uploaded audio');
  });
});
