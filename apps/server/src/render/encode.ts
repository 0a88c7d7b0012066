import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AudioMix } from './audio-mix';
import { locateFfmpeg, stderrTail } from './ffmpeg';

/** What the encoder makes. */
export type EncoderOptions = {
  /** The MP4 file to write (the caller renames it into place). */
  file: string;
  width: number;
  height: number;
  fps: number;
  /** Exactly this many frames are written and kept. */
  frames: number;
  /** The sound track, already compiled. */
  audio: AudioMix;
};

/** A running encoder: feed it frames, then finish (or abort on failure). */
export type Encoder = {
  /** Writes one frame of `width × height` RGBA pixels; resolves when ffmpeg can take more. */
  write(rgba: Uint8Array): Promise<void>;
  /** Closes the input and waits for ffmpeg to finish the file; rejects if it failed. */
  finish(): Promise<void>;
  /** Stops ffmpeg; the partial file is left for the caller to delete. */
  abort(): void;
};

/**
 * The ffmpeg arguments of an export (DESIGN §6–7): raw RGBA frames on stdin, converted to BT.709
 * yuv420p and encoded by x264 `veryfast` at CRF 23; the mixed audio as AAC 160 kb/s; the index
 * in front (`+faststart`) so playback starts before the download ends. The length is exact: the
 * frame count bounds the picture and the audio graph is trimmed to the same duration.
 */
export function encoderArgs(options: EncoderOptions): string[] {
  const { width, height, fps, frames, audio } = options;
  const video = '[0:v]scale=out_color_matrix=bt709:out_range=tv,format=yuv420p[vout]';
  return [
    ...['-y', '-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-r', String(fps), '-i', '-'],
    ...audio.inputArgs,
    ...['-filter_complex', `${video};${audio.filter}`, '-map', '[vout]', '-map', audio.output],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv'],
    ...['-c:a', 'aac', '-b:a', '160k', '-frames:v', String(frames)],
    ...['-movflags', '+faststart', '-f', 'mp4', options.file],
  ];
}

/** Starts ffmpeg encoding frames written to its standard input. */
export function startEncoder(options: EncoderOptions): Encoder {
  const child = spawn(locateFfmpeg().ffmpeg, encoderArgs(options), { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed (${signal ?? `exit ${code}`}): ${stderrTail(stderr)}`));
    });
  });
  // A failing ffmpeg closes its input: the write error is reported through `exited` instead.
  child.stdin.on('error', () => {});
  exited.catch(() => {});
  const frameBytes = options.width * options.height * 4;
  return {
    async write(rgba) {
      if (rgba.byteLength !== frameBytes) throw new Error(`Frame of ${rgba.byteLength} bytes, expected ${frameBytes}`);
      if (child.exitCode !== null || child.signalCode !== null) await exited;
      if (!child.stdin.write(rgba)) await Promise.race([once(child.stdin, 'drain'), exited]);
    },
    async finish() {
      child.stdin.end();
      await exited;
    },
    abort() {
      child.kill('SIGKILL');
    },
  };
}
