import { MIN_ITEM_DURATION, type ProjectData, roundTo, type Seconds } from '@reelwright/core';
import { saveRecording } from '../speech-api';
import type { AudioRegion } from './region-rules';
import { encodeWav, sliceChannels } from './wav';

/** Which audio item of which frame the edit popup works on. */
export type AudioItemRef = { frameId: string; itemId: string };

/** A trimmed audio: its new file and length. */
export type TrimmedAudio = { url: string; duration: Seconds };

/**
 * The `updateProject` mutator for 'Save audio': the item plays the trimmed file from where it
 * started, for the trimmed length (its timing's stop follows). The model's audio items have no
 * in-source offsets (startTime/stopTime belong to video items), so the cut is a new file; see
 * the audio editor README. An item that was deleted meanwhile is left alone.
 */
export function applyTrim(ref: AudioItemRef, trimmed: TrimmedAudio): (draft: ProjectData) => void {
  return (draft) => {
    const frame = draft.video.frames.find((f) => f.id === ref.frameId);
    const item = frame?.items.find((i) => i.id === ref.itemId);
    if (item?.type !== 'audio') return;
    item.url = trimmed.url;
    item.duration = trimmed.duration;
    item.timing = {
      start: item.timing.start,
      stop: roundTo(item.timing.start + Math.max(trimmed.duration, MIN_ITEM_DURATION), 2),
    };
  };
}

/** Cuts a region out of decoded audio and stores it as a new MP3 through save-mp3. */
export async function saveTrimmedAudio(buffer: AudioBuffer, region: AudioRegion): Promise<TrimmedAudio> {
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, i) => buffer.getChannelData(i));
  const wav = encodeWav(sliceChannels(channels, buffer.sampleRate, region), buffer.sampleRate);
  const saved = await saveRecording(new Blob([wav], { type: 'audio/wav' }));
  return { url: saved.url, duration: saved.duration > 0 ? saved.duration : region.end - region.start };
}
