/**
 * The render pipeline (DESIGN §6–7): resolve assets → compile the audio mix into one ffmpeg
 * graph → draw every frame with the scene renderer on worker threads, one per chunk of the
 * timeline (`chunk-worker.ts`), converting to I420 there (`yuv.ts`) → encode each chunk to an
 * H.264 segment and the sound to AAC meanwhile → join segments and sound without re-encoding into
 * an MP4. The server's render jobs and the render CLI both run this.
 */
import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { type AudioClip, audioPlan, type Movie, MovieSchema, movieDuration } from '@reelwright/core';
import { collectAssets } from '@reelwright/scene';
import { probeMedia } from '../ffmpeg/probe';
import { compileAudioMix, type MixClip } from './audio-mix';
import type { ChunkJob } from './chunk';
import type { ChunkMessage, PipelineMessage } from './chunk-worker';
import { type Encoder, encodeAudio, joinSegments, startEncoder } from './encode';
import { localizeMovie, type MediaResolver } from './media-resolver';
import { isReadable, mediaFile, UnsupportedSourceError } from './sources';
import { chunkWorkerUrl } from './worker-bundle';

export { renderHost } from './host';

/** An asset the render could not load. */
export type MissingMedia = { kind: 'font' | 'image' | 'video' | 'audio'; ref: string };

/** The render stopped before drawing because assets are missing (DESIGN §6: fail loudly). */
export class MissingAssetsError extends Error {
  constructor(readonly missing: MissingMedia[]) {
    super(`Missing assets: ${missing.map((m) => `${m.kind} ${m.ref}`).join(', ')}`);
    this.name = 'MissingAssetsError';
  }
}

/** What to render. */
export type RenderOptions = {
  /** The movie (validated here with MovieSchema). */
  movie: unknown;
  /** The MP4 to write; replaced only when the render succeeds. */
  output: string;
  /** Output width in pixels; default the movie's (or from `height` and the movie's aspect). */
  width?: number;
  /** Output height in pixels; default from the width and the movie's aspect. */
  height?: number;
  /** Frames per second; default 30. */
  fps?: number;
  /** Directory relative media paths are resolved against; default the working directory. */
  assetBaseDir?: string;
  /**
   * Called after each frame is handed to an encoder, with the number of frames handed over so
   * far across all chunks (`frame` counts 1, 2, … `frames`).
   */
  onProgress?: (progress: { frame: number; frames: number }) => void;
  /**
   * Chunks the timeline is split into, each drawn on its own worker thread and encoded to its own
   * segment (joined without re-encoding); default `defaultChunks(frames, fps)`.
   */
  chunks?: number;
  /** A JPEG thumbnail to write as well (a frame about 1 s in, 640 px wide). */
  thumbnail?: string;
  /**
   * Fetches the movie's remote and stored media (http(s) and `/media/…` urls) to local files
   * first; without it such urls are refused (UnsupportedSourceError).
   */
  resolveMedia?: MediaResolver;
};

/** What a finished render measured. */
export type RenderResult = {
  /** Seconds of video written (frames / fps). */
  duration: number;
  frames: number;
  /** Size of the MP4 in bytes. */
  bytes: number;
  /** Wall-clock seconds the render took. */
  renderSeconds: number;
  /** Chunks (worker threads, segments) the render used. */
  chunks: number;
  /** The thumbnail written, when one was asked for. */
  thumbnail?: string;
};

/** yuv420p needs even sides. */
export const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));

/** The output size: given sides win, a missing side follows the movie's aspect. */
export function outputSize(movie: Movie, width?: number, height?: number): { width: number; height: number } {
  const aspect = movie.size.width / movie.size.height;
  if (width && height) return { width: even(width), height: even(height) };
  if (width) return { width: even(width), height: even(width / aspect) };
  if (height) return { width: even(height * aspect), height: even(height) };
  return { width: even(movie.size.width), height: even(movie.size.height) };
}

/**
 * The audio plan with local files. Sources that cannot be found are returned as missing; clips
 * whose source has no sound (a silent video) are left out of the mix.
 */
export async function resolveAudio(clips: AudioClip[], baseDir: string, tmpDir: string) {
  const sources = new Map<string, { file: string; duration: number; sound: boolean } | null>();
  for (const url of new Set(clips.map((c) => c.url))) {
    const file = await mediaFile(url, baseDir, tmpDir);
    const probe = file ? await probeMedia(file) : null;
    sources.set(
      url,
      file && probe ? { file, duration: probe.duration, sound: probe.streams.some((s) => s.type === 'audio') } : null,
    );
  }
  const mix: MixClip[] = clips.flatMap((clip) => {
    const source = sources.get(clip.url);
    return source?.sound ? [{ ...clip, path: source.file, sourceDuration: source.duration }] : [];
  });
  const missing = [...sources].filter(([, source]) => !source).map(([ref]) => ({ kind: 'audio' as const, ref }));
  return { mix, missing };
}

/** Which kind of asset a url is to the movie, for the missing-assets error. */
export function kindOf(url: string, needs: { images: string[]; videos: string[] }): MissingMedia['kind'] {
  if (needs.images.includes(url)) return 'image';
  if (needs.videos.includes(url)) return 'video';
  return 'audio';
}

/** Width of the thumbnail. */
export const THUMBNAIL_WIDTH = 640;

/** A chunk shorter than this is not worth a worker, a second copy of the assets and a segment. */
const MIN_CHUNK_SECONDS = 20;

/**
 * The default number of chunks: one per two cores (a chunk is one drawing thread, about 10 ms a
 * 1080p frame, feeding an x264 that needs about 1.5 cores to keep up), at least
 * MIN_CHUNK_SECONDS each, at least 1. On 2 cores that is 1: two chunks were no faster there and
 * cost 7 % more CPU and 0.5 GB more memory (docs/decisions.md D25).
 */
export function defaultChunks(frames: number, fps: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(Math.floor(cores / 2), Math.floor(frames / fps / MIN_CHUNK_SECONDS)));
}

/** Frame ranges [first, end) of `count` chunks of nearly equal length (none empty). */
export function chunkRanges(frames: number, count: number): { first: number; end: number }[] {
  const n = Number.isFinite(count) ? Math.max(1, Math.min(frames, Math.floor(count))) : 1;
  return Array.from({ length: n }, (_, i) => ({
    first: Math.round((i * frames) / n),
    end: Math.round(((i + 1) * frames) / n),
  }));
}

/** When the thumbnail is taken: 1 s in, or the middle of a shorter first slide. */
export function thumbnailTime(movie: Movie, duration: number): number {
  const first = movie.frames[0]?.duration ?? duration;
  return Math.min(1, first / 2, duration / 2);
}

export type ChunkWorker = {
  ready: Promise<Extract<ChunkMessage, { type: 'ready' }>>;
  /**
   * Starts drawing and encoding the chunk into `file`; `onFrame` runs per frame handed to the
   * encoder; resolves when the segment is complete.
   */
  go(file: string, onFrame: () => void): Promise<void>;
  /** Stops the worker and the encoder and waits until the worker has exited. */
  stop(): Promise<void>;
};

/** Starts a chunk's worker thread from `entry` (it loads the assets, then waits for `go`). */
export function startChunk(entry: URL, job: ChunkJob): ChunkWorker {
  const worker = new Worker(entry, { workerData: job });
  const post = (message: PipelineMessage) => worker.postMessage(message);
  let encoder: Encoder | null = null;
  let onMessage: (message: ChunkMessage) => void = () => {};
  const exited = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Render worker exited with ${code}`))));
  });
  exited.catch(() => {});
  worker.on('message', (message: ChunkMessage) => onMessage(message));
  const ready = new Promise<Extract<ChunkMessage, { type: 'ready' }>>((resolve, reject) => {
    onMessage = (message) => message.type === 'ready' && resolve(message);
    exited.then(() => reject(new Error('Render worker exited before it was ready')), reject);
  });
  ready.catch(() => {});
  return {
    ready,
    go(file, onFrame) {
      const { width, height, fps, first, end } = job;
      const frameBytes = (width * height * 3) / 2;
      const running = startEncoder({
        file,
        width,
        height,
        fps,
        frames: end - first,
        audio: null,
        pixelFormat: 'yuv420p',
      });
      encoder = running;
      return ready.then(
        ({ memory, slotOffsets }) =>
          new Promise<void>((resolve, reject) => {
            const slots = slotOffsets.map((offset) => new Uint8Array(memory, offset, frameBytes));
            let finished = false;
            onMessage = (message) => {
              if (message.type === 'frame') {
                const { slot } = message;
                running.write(slots[slot]!, () => post({ type: 'written', slot })).catch(reject);
                onFrame();
              } else if (message.type === 'done') {
                finished = true;
                running.finish().then(resolve, reject);
              }
            };
            exited.then(() => finished || reject(new Error('Render worker exited before it finished')), reject);
            post({ type: 'go' });
          }),
      );
    },
    async stop() {
      encoder?.abort();
      post({ type: 'stop' });
      const timeout = new Promise((resolve) => setTimeout(resolve, 5000).unref());
      await Promise.race([exited.catch(() => {}), timeout]);
      await worker.terminate();
    },
  };
}

/**
 * Renders a movie to an MP4. Throws UnsupportedSourceError for remote media when no
 * `resolveMedia` is given, MissingAssetsError listing every font, image, clip or sound that
 * cannot be fetched or loaded, or the encoder's error; the
 * file is written beside `output` and renamed into place only on success, so a failed render
 * never replaces a good MP4 (the same for the thumbnail).
 *
 * The timeline is split into chunks (`options.chunks`), each drawn on a worker thread, converted
 * to I420 (`yuv.ts`) and encoded to a video-only H.264 segment; the sound track is mixed and
 * encoded meanwhile; the segments and the sound are joined without re-encoding (DESIGN §7). A
 * frame whose `frameSignature` equals the previous frame's is not drawn again.
 */
export async function renderMovie(options: RenderOptions): Promise<RenderResult> {
  const started = performance.now();
  const parsed = MovieSchema.parse(options.movie);
  const fps = options.fps ?? 30;
  const { width, height } = outputSize(parsed, options.width, options.height);
  const frames = Math.round(movieDuration(parsed) * fps);
  if (frames < 1) throw new Error('The movie has no frames to render.');
  const duration = frames / fps;
  const baseDir = path.resolve(options.assetBaseDir ?? '.');
  const needs = collectAssets(parsed);
  const urls = [...new Set([...needs.images, ...needs.videos, ...audioPlan(parsed).map((c) => c.url)])];
  // Remote and stored media become local files first (the workers read local files only).
  const media = options.resolveMedia ? await options.resolveMedia(urls) : { files: new Map(), failures: [] };
  const failed = new Set(media.failures.map((f) => f.url));
  const remote = urls.filter((url) => !media.files.has(url) && !failed.has(url) && !isReadable(url));
  if (remote.length > 0) throw new UnsupportedSourceError(remote);
  const unfetched = media.failures.map((f) => ({ kind: kindOf(f.url, needs), ref: `${f.url} (${f.reason})` }));
  if (unfetched.length > 0) throw new MissingAssetsError(unfetched);
  const movie = localizeMovie(parsed, media.files);
  const plan = audioPlan(movie);

  const output = path.resolve(options.output);
  const tmpDir = await mkdtemp(path.join(tmpdir(), 'reelwright-render-'));
  const partial = path.join(path.dirname(output), `.${path.basename(output)}.${process.pid}.partial.mp4`);
  const thumbnail = options.thumbnail ? path.resolve(options.thumbnail) : undefined;
  const thumbnailPartial = thumbnail
    ? path.join(path.dirname(thumbnail), `.${path.basename(thumbnail)}.${process.pid}.partial.jpg`)
    : undefined;
  const ranges = chunkRanges(frames, options.chunks ?? defaultChunks(frames, fps));
  const segments = ranges.map((_, i) => path.join(tmpDir, `segment-${i}.mp4`));
  const workers: ChunkWorker[] = [];
  const stopAudio = new AbortController();
  try {
    const entry = await chunkWorkerUrl();
    for (const [i, range] of ranges.entries()) {
      workers.push(
        startChunk(entry, {
          movie,
          baseDir,
          tmpDir,
          width,
          height,
          fps,
          ...range,
          thumbnail:
            i === 0 && thumbnailPartial
              ? {
                  file: thumbnailPartial,
                  time: thumbnailTime(movie, duration),
                  width: THUMBNAIL_WIDTH,
                  height: even((THUMBNAIL_WIDTH * height) / width),
                }
              : undefined,
        }),
      );
    }
    const audio = await resolveAudio(plan, baseDir, tmpDir);
    const audioFile = path.join(tmpDir, 'audio.m4a');
    // The sound is mixed while the workers load their assets, on a core that would idle.
    const audioDone =
      audio.missing.length === 0
        ? encodeAudio(compileAudioMix(audio.mix, duration, 0), audioFile, stopAudio.signal)
        : Promise.resolve();
    audioDone.catch(() => {});
    const [first] = await Promise.all(workers.map((w) => w.ready));
    const missing = [...(first?.missing ?? []), ...audio.missing];
    if (missing.length > 0) throw new MissingAssetsError(missing);

    let handed = 0;
    const onFrame = () => {
      handed++;
      options.onProgress?.({ frame: handed, frames });
    };
    await Promise.all([...workers.map((w, i) => w.go(segments[i]!, onFrame)), audioDone]);
    await joinSegments(segments, audioFile, path.join(tmpDir, 'segments.txt'), partial);
    if (thumbnail && thumbnailPartial) await rename(thumbnailPartial, thumbnail);
    await rename(partial, output);
    const { size } = await stat(output);
    return {
      duration,
      frames,
      bytes: size,
      renderSeconds: (performance.now() - started) / 1000,
      chunks: ranges.length,
      ...(thumbnail ? { thumbnail } : {}),
    };
  } finally {
    stopAudio.abort();
    await Promise.all(workers.map((w) => w.stop()));
    await rm(partial, { force: true });
    if (thumbnailPartial) await rm(thumbnailPartial, { force: true });
    await rm(tmpDir, { recursive: true, force: true });
  }
}
