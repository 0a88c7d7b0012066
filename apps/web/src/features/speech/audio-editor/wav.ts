import type { AudioRegion } from './region-rules';

/** The samples of a region of decoded audio, one array per channel (copies, so the source may go). */
export function sliceChannels(
  channels: readonly Float32Array[],
  sampleRate: number,
  region: AudioRegion,
): Float32Array[] {
  return channels.map((samples) => {
    const from = Math.max(0, Math.min(samples.length, Math.round(region.start * sampleRate)));
    const to = Math.max(from, Math.min(samples.length, Math.round(region.end * sampleRate)));
    return samples.slice(from, to);
  });
}

/**
 * 16-bit PCM WAV bytes of planar float samples (−1…1, clipped), channels interleaved. The server's
 * save-mp3 accepts WAV, so a cut region goes up as this and comes back as an MP3.
 */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number): ArrayBuffer {
  const channelCount = Math.max(1, channels.length);
  const frames = channels[0]?.length ?? 0;
  const dataBytes = frames * channelCount * 2;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(at + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channelCount, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channelCount * 2, true);
  view.setUint16(32, channelCount * 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  let at = 44;
  for (let frame = 0; frame < frames; frame++) {
    for (let channel = 0; channel < channelCount; channel++) {
      const sample = Math.max(-1, Math.min(1, channels[channel]?.[frame] ?? 0));
      view.setInt16(at, sample < 0 ? sample * 0x8000 : sample * 0x7fff, true);
      at += 2;
    }
  }
  return buffer;
}
