import type { AttachedAudio, Frame } from '@reelwright/core';

type Source = Frame['settings']['audioSource'];

/** The link that clears a slide's audio (spec 002 §4), verbatim. */
export const CHANGE_AUDIO = 'Change audio?';

/** The per-slide audio sources of spec 002 §4, in its order, with what each means here. */
export const AUDIO_SOURCES: { value: Source; label: string; hint: string }[] = [
  { value: 'none', label: 'None', hint: 'The slide has no voice-over.' },
  { value: 'free_tts', label: 'Free voice', hint: "A free text-to-speech voice reads the slide's text." },
  { value: 'paid_tts', label: 'Premium voice', hint: "A premium text-to-speech voice reads the slide's text." },
  { value: 'mic', label: 'Record', hint: 'Record the voice-over with your microphone.' },
  { value: 'mp3', label: 'MP3', hint: 'Upload an MP3 file as the voice-over.' },
];

const ORIGINS: Record<AttachedAudio['source'], string> = {
  tts: 'Speech',
  upload: 'Uploaded audio',
  mic: 'Recording',
};

/** How an attached sound reads in the panel: where it came from and how long it lasts. */
export function attachedAudioLabel(audio: Pick<AttachedAudio, 'source' | 'duration'>): string {
  const origin = ORIGINS[audio.source];
  return audio.duration === undefined ? origin : `${origin} · ${audio.duration.toFixed(1)} s`;
}
