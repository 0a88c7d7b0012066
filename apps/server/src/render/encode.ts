import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { locateFfmpeg, runTool, stderrTail } from '../ffmpeg/ffmpeg';
import type { AudioMix } from './audio-mix';

/** What the encoder makes. */
export type EncoderOptions = {
  /** The MP4 file to write (the caller renames it into place). */
  file: string;
  width: number;
  height: number;
  fps: number;
  /** Exactly this many frames are written and kept. */
  frames: number;
  /** The sound track, already compiled (its inputs numbered from 1); null for a video-only file. */
  audio: AudioMix | null;
  /**
   * What is written: `rgba` (4 bytes a pixel, converted by ffmpeg's swscale) or `yuv420p` (I420
   * frames already in BT.709 limited range, e.g. from `createI420Converter`; 1.5 bytes a pixel,
   * nothing to convert). Default `rgba`.
   */
  pixelFormat?: 'rgba' | 'yuv420p';
  /** x264 threads; default ffmpeg's (1.5 × cores). */
  threads?: number;
};

/** A running encoder: feed it frames, then finish (or abort on failure). */
export type Encoder = {
  /**
   * Writes one frame (`width × height` pixels of the pixel format). Without `written`, resolves
   * when ffmpeg can take more. With it, resolves at once and calls `written` when the frame has
   * gone into the pipe; the bytes are not copied, so they must not change until then (and the
   * caller bounds the frames in flight).
   */
  write(frame: Uint8Array, written?: () => void): Promise<void>;
  /** Closes the input and waits for ffmpeg to finish the file; rejects if it failed. */
  finish(): Promise<void>;
  /** Stops ffmpeg; the partial file is left for the caller to delete. */
  abort(): void;
};

/** x264 `veryfast` at CRF 23, BT.709 limited range, tagged as such (DESIGN §7). */
const X264 = [
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
  ...['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv'],
];

/**
 * x264 threads of a segment's encoder (D75). x264 gives the same bytes for the same frames only
 * at the same thread count, so segments that any machine may reuse are encoded with a fixed one.
 */
export const SEGMENT_THREADS = 4;

/** The settings every stored segment is encoded with: part of its hash. */
export const SEGMENT_ENCODER_ARGS = [...X264, '-threads', String(SEGMENT_THREADS)];

/**
 * AAC at 160 kb/s with ffmpeg's fast coder: two thirds of the default two-loop coder's CPU (0.56 s
 * instead of 0.87 s for a minute of stereo here), and at this bitrate the difference does not
 * matter for narration over music (D31).
 */
const AAC = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '160k'];

/** The settings every sound track is encoded with: part of a stored track's hash (D82). */
export const SOUND_ENCODER_ARGS: readonly string[] = AAC;

/**
 * The ffmpeg arguments of an export (DESIGN §6–7): raw frames on stdin (RGBA converted to BT.709
 * yuv420p by ffmpeg, or yuv420p as it is) encoded by x264 `veryfast` at CRF 23; the mixed audio
 * as AAC 160 kb/s, or none; the index in front (`+faststart`) so playback starts before the
 * download ends. The length is exact: the frame count bounds the picture and the audio graph is
 * trimmed to the same duration. Each file starts with an IDR frame and x264's GOPs are closed, so
 * segments encoded separately join without re-encoding.
 */
export function encoderArgs(options: EncoderOptions): string[] {
  const { width, height, fps, frames, audio } = options;
  const yuv = options.pixelFormat === 'yuv420p';
  const input = yuv
    ? ['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-color_range', 'tv', '-colorspace', 'bt709']
    : ['-f', 'rawvideo', '-pix_fmt', 'rgba'];
  const video = yuv ? '[0:v]null[vout]' : '[0:v]scale=out_color_matrix=bt709:out_range=tv,format=yuv420p[vout]';
  const graph = audio ? `${video};${audio.filter}` : video;
  return [
    ...['-y', '-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...[...input, '-s', `${width}x${height}`, '-r', String(fps), '-i', '-'],
    ...(audio?.inputArgs ?? []),
    ...['-filter_complex', graph, '-map', '[vout]', ...(audio ? ['-map', audio.output] : ['-an'])],
    ...X264,
    ...(options.threads ? ['-threads', String(options.threads)] : []),
    ...(audio ? AAC : []),
    ...['-frames:v', String(frames), '-movflags', '+faststart', '-f', 'mp4', options.file],
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
  const pixels = options.width * options.height;
  const frameBytes = options.pixelFormat === 'yuv420p' ? (pixels * 3) / 2 : pixels * 4;
  return {
    async write(frame, written) {
      if (frame.byteLength !== frameBytes)
        throw new Error(`Frame of ${frame.byteLength} bytes, expected ${frameBytes}`);
      if (child.exitCode !== null || child.signalCode !== null) await exited;
      if (written) child.stdin.write(frame, () => written());
      else if (!child.stdin.write(frame)) await Promise.race([once(child.stdin, 'drain'), exited]);
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

/**
 * Encodes the mixed sound track alone (inputs numbered from 0) as AAC 160 kb/s in an MP4;
 * aborting `signal` stops it.
 */
export async function encodeAudio(audio: AudioMix, file: string, signal?: AbortSignal): Promise<void> {
  await runTool(
    'ffmpeg',
    [
      ...['-y', '-hide_banner', '-loglevel', 'error', '-nostdin', ...audio.inputArgs],
      ...['-filter_complex', audio.filter, '-map', audio.output, ...AAC, '-f', 'mp4', file],
    ],
    signal,
  );
}

/**
 * Joins video-only segments (same codec settings, each starting with a keyframe) with ffmpeg's
 * concat demuxer and `-c copy`, muxing the sound track in the same step, `+faststart`.
 */
export async function joinSegments(segments: string[], audioFile: string, listFile: string, output: string) {
  const quote = (file: string) => `'${file.replaceAll("'", "'\\''")}'`;
  await writeFile(listFile, `ffconcat version 1.0\n${segments.map((s) => `file ${quote(s)}\n`).join('')}`);
  await runTool('ffmpeg', [
    ...[
      '-y',
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      listFile,
      '-i',
      audioFile,
    ],
    ...['-map', '0:v', '-map', '1:a', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', output],
  ]);
}
