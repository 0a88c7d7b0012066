/**
 * Audio as the aligner reads it: mono 16 kHz 32-bit float samples. Files are decoded by the
 * system ffmpeg (any format it reads); eSpeak's WAVs are parsed here and resampled by ffmpeg.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runTool } from '../../../ffmpeg/ffmpeg';

/** The aligner's sample rate: 16 kHz keeps all of speech MFCCs need (up to 8 kHz). */
export const ALIGN_SAMPLE_RATE = 16_000;

/** Mono float samples at `ALIGN_SAMPLE_RATE`. */
export type Pcm = Float32Array;

/** Seconds of audio a PCM buffer holds. */
export const pcmSeconds = (pcm: Pcm) => pcm.length / ALIGN_SAMPLE_RATE;

const FFMPEG_OUT = ['-vn', '-ac', '1', '-ar', String(ALIGN_SAMPLE_RATE), '-f', 'f32le', '-acodec', 'pcm_f32le'];

function floatsOf(bytes: Buffer): Pcm {
  // Copied so the samples are aligned whatever the Buffer's offset in its pool.
  const out = new Float32Array(Math.floor(bytes.length / 4));
  Buffer.from(out.buffer).set(bytes.subarray(0, out.length * 4));
  return out;
}

/** Decodes any audio file ffmpeg reads (MP3, WebM, WAV …) to mono 16 kHz float PCM. */
export async function decodeAudioFile(file: string, options: { maxSeconds?: number } = {}): Promise<Pcm> {
  const limit = options.maxSeconds ? ['-t', String(options.maxSeconds)] : [];
  return floatsOf(await runTool('ffmpeg', ['-v', 'error', '-i', file, ...limit, ...FFMPEG_OUT, 'pipe:1']));
}

/** 16-bit little-endian mono samples at some rate, as eSpeak writes them. */
export type Int16Audio = { samples: Int16Array; sampleRate: number };

/** Reads a PCM WAV (16-bit mono, as eSpeak NG writes); throws on anything else. */
export function parseWav(wav: Buffer): Int16Audio {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a WAV file');
  }
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  let bits = 0;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = wav.readUInt16LE(body + 2);
      sampleRate = wav.readUInt32LE(body + 4);
      bits = wav.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (bits !== 16 || channels !== 1) throw new Error(`unsupported WAV: ${channels} channel(s), ${bits} bits`);
      // A streamed WAV may carry a placeholder size; what is there is what counts.
      const end = Math.min(wav.length, body + size);
      const count = Math.floor((end - body) / 2);
      const samples = new Int16Array(count);
      for (let i = 0; i < count; i++) samples[i] = wav.readInt16LE(body + i * 2);
      return { samples, sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV without a data chunk');
}

/** Resamples 16-bit mono audio to the aligner's float PCM with ffmpeg (one call for the whole script). */
export async function resampleInt16(audio: Int16Audio): Promise<Pcm> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rw-align-'));
  try {
    const input = path.join(dir, 'synthetic.raw');
    await writeFile(input, Buffer.from(audio.samples.buffer, audio.samples.byteOffset, audio.samples.byteLength));
    return floatsOf(
      await runTool('ffmpeg', [
        ...['-v', 'error', '-f', 's16le', '-ar', String(audio.sampleRate), '-ac', '1', '-i', input],
        ...FFMPEG_OUT,
        'pipe:1',
      ]),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
