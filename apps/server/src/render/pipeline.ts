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
import { inTurn } from '../in-turn';
import { compileAudioMix, type MixClip } from './audio-mix';
import type { ChunkJob } from './chunk';
import type { ChunkMessage, PipelineMessage } from './chunk-worker';
import { ffmpegVersion, fontHashes, fontKey, mediaHashes, rendererFingerprint } from './content-hashes';
import { type Encoder, encodeAudio, joinSegments, SEGMENT_THREADS, SOUND_ENCODER_ARGS, startEncoder } from './encode';
import { localizeMovie, type MediaResolver } from './media-resolver';
import type { SegmentCache } from './segment-cache';
import { type FrameRange, type PlannedSegment, planSegments, segmentHash } from './segments';
import { soundHash } from './sound-hash';
import { isReadable, mediaFile, UnsupportedSourceError } from './sources';
import { chunkWorkerUrl } from './worker-bundle';

export { renderHost } from './host';

/**
 * An asset the render could not load: a font, or media by the address the movie gave (`ref`), and
 * why when known (for the log; it may name server paths).
 */
export type MissingMedia = { kind: 'font' | 'image' | 'video' | 'audio'; ref: string; reason?: string };

/** The render stopped before drawing because assets are missing (DESIGN §6: fail loudly). */
export class MissingAssetsError extends Error {
  constructor(readonly missing: MissingMedia[]) {
    super(`Missing assets: ${missing.map((m) => `${m.kind} ${m.ref}${m.reason ? ` (${m.reason})` : ''}`).join(', ')}`);
    this.name = 'MissingAssetsError';
  }
}

/**
 * The error with missing media named by the addresses the movie gave rather than the local copies
 * the render read (`given` maps a copy back to its address), so no cache path reaches a member.
 */
export function asGiven(error: unknown, given: ReadonlyMap<string, string>): unknown {
  if (!(error instanceof MissingAssetsError)) return error;
  return new MissingAssetsError(
    error.missing.map((m) => (given.has(m.ref) ? { ...m, ref: given.get(m.ref)!, reason: `read as ${m.ref}` } : m)),
  );
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
  /**
   * The operator's folder (the render CLI, tests, benches): media paths and `file:` urls are read
   * relative to it. Absent, as in every render the server runs for a member, only `data:` urls
   * and what `resolveMedia` turns into files are read; any other address is refused
   * (UnsupportedSourceError) before a file is opened (docs/security.md V12).
   */
  localFiles?: string;
  /**
   * Called after each frame is handed to an encoder, with the number of frames done so far
   * across all chunks (`frame` counts 1, 2, … `frames`); with `segments`, once first with the
   * frames of the reused segments, which count as done.
   */
  onProgress?: (progress: RenderProgress) => void;
  /**
   * Chunks the timeline is split into, each drawn on its own worker thread and encoded to its own
   * segment (joined without re-encoding); default `defaultChunks(frames, fps)`. With `segments`,
   * the most worker threads the segments to draw are shared among (default by the frames to draw).
   */
  chunks?: number;
  /** A JPEG thumbnail to write as well (a frame about 1 s in, 640 px wide). */
  thumbnail?: string;
  /**
   * Fetches the movie's remote and stored media (http(s) and `/media/…` urls) to local files
   * first; without it such urls are refused (UnsupportedSourceError).
   */
  resolveMedia?: MediaResolver;
  /**
   * The segment store: segments it holds are reused, the others drawn and stored (D75). The
   * video then equals, frame for frame, one rendered with an empty store.
   */
  segments?: SegmentCache;
};

/** How far a render is: frames done of all, and with a segment store, its segments. */
export type RenderProgress = { frame: number; frames: number; segments?: SegmentCounts };

/** What a finished render measured. */
export type RenderResult = {
  /** Seconds of video written (frames / fps). */
  duration: number;
  frames: number;
  /** Size of the MP4 in bytes. */
  bytes: number;
  /** Wall-clock seconds the render took. */
  renderSeconds: number;
  /** Frames drawn (fewer than `frames` when segments were reused). */
  framesDrawn: number;
  /** Worker threads the render used. */
  chunks: number;
  /** With a segment store: its segments, reused and drawn. */
  segments?: SegmentCounts;
  /** With a segment store: whether the sound track was mixed now or taken from the store (D82). */
  sound?: 'mixed' | 'reused';
  /** The thumbnail written, when one was asked for. */
  thumbnail?: string;
};

/** yuv420p needs even sides. */
const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));

/** The output size: given sides win, a missing side follows the movie's aspect. */
export function outputSize(movie: Movie, width?: number, height?: number): { width: number; height: number } {
  const aspect = movie.size.width / movie.size.height;
  if (width && height) return { width: even(width), height: even(height) };
  if (width) return { width: even(width), height: even(width / aspect) };
  if (height) return { width: even(height * aspect), height: even(height) };
  return { width: even(movie.size.width), height: even(movie.size.height) };
}

/** Sound sources probed at once. */
const PROBES_AT_ONCE = 4;

/**
 * The audio plan with local files. Sources that cannot be found are returned as missing; clips
 * whose source has no sound (a silent video) are left out of the mix.
 */
async function resolveAudio(clips: AudioClip[], baseDir: string, tmpDir: string) {
  const urls = [...new Set(clips.map((c) => c.url))];
  // Keyed in the plan's order first, so what is missing is listed in it.
  const sources = new Map<string, { file: string; duration: number; sound: boolean } | null>(
    urls.map((url) => [url, null]),
  );
  // A probe is mostly ffprobe's start: several at once (a narrated video has a clip a line).
  await inTurn(urls, PROBES_AT_ONCE, async (url) => {
    const file = await mediaFile(url, baseDir, tmpDir);
    const probe = file ? await probeMedia(file) : null;
    sources.set(
      url,
      file && probe ? { file, duration: probe.duration, sound: probe.streams.some((s) => s.type === 'audio') } : null,
    );
  });
  const mix: MixClip[] = clips.flatMap((clip) => {
    const source = sources.get(clip.url);
    return source?.sound ? [{ ...clip, path: source.file, sourceDuration: source.duration }] : [];
  });
  const missing = [...sources].filter(([, source]) => !source).map(([ref]) => ({ kind: 'audio' as const, ref }));
  return { mix, missing };
}

/** Which kind of asset a url is to the movie, for the missing-assets error. */
function kindOf(url: string, needs: { images: string[]; videos: string[] }): MissingMedia['kind'] {
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

/** A segment file a worker's frames are encoded into: frames [first, end). */
type EncodeUnit = FrameRange & { file: string };

type ChunkWorker = {
  ready: Promise<Extract<ChunkMessage, { type: 'ready' }>>;
  /**
   * Starts drawing the worker's frames and encoding them, one encoder per unit in order (the
   * units cover the job's ranges exactly); `onFrame` runs per frame handed to an encoder;
   * resolves when every unit's file is complete.
   */
  go(units: EncodeUnit[], onFrame: () => void): Promise<void>;
  /** Stops the worker and the encoders and waits until the worker has exited. */
  stop(): Promise<void>;
};

/**
 * Starts a chunk's worker thread from `entry` (it loads the assets, then waits for `go`);
 * `threads` fixes x264's thread count (segments, D75).
 */
function startChunk(entry: URL, job: ChunkJob, threads?: number): ChunkWorker {
  const worker = new Worker(entry, { workerData: job });
  const post = (message: PipelineMessage) => worker.postMessage(message);
  const encoders: Encoder[] = [];
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
    go(units, onFrame) {
      const { width, height, fps } = job;
      const frameBytes = (width * height * 3) / 2;
      const open = (unit: EncodeUnit) => {
        const encoder = startEncoder({
          file: unit.file,
          width,
          height,
          fps,
          frames: unit.end - unit.first,
          audio: null,
          pixelFormat: 'yuv420p',
          ...(threads ? { threads } : {}),
        });
        encoders.push(encoder);
        return encoder;
      };
      return ready.then(
        ({ memory, slotOffsets }) =>
          new Promise<void>((resolve, reject) => {
            const slots = slotOffsets.map((offset) => new Uint8Array(memory, offset, frameBytes));
            const finishing: Promise<void>[] = [];
            let unit = 0;
            let inUnit = 0;
            let current: Encoder | null = null;
            let finished = false;
            onMessage = (message) => {
              if (message.type === 'frame') {
                const at = units[unit];
                if (!at) return reject(new Error('Render worker sent more frames than asked'));
                current ??= open(at);
                const { slot } = message;
                current.write(slots[slot]!, () => post({ type: 'written', slot })).catch(reject);
                onFrame();
                // At a segment's last frame its encoder is closed and the next frame starts a new one.
                if (++inUnit === at.end - at.first) {
                  const done = current.finish();
                  done.catch(() => {});
                  finishing.push(done);
                  current = null;
                  inUnit = 0;
                  unit++;
                }
              } else if (message.type === 'done') {
                finished = true;
                if (unit < units.length) reject(new Error('Render worker sent fewer frames than asked'));
                else Promise.all(finishing).then(() => resolve(), reject);
              }
            };
            exited.then(() => finished || reject(new Error('Render worker exited before it finished')), reject);
            post({ type: 'go' });
          }),
      );
    },
    async stop() {
      for (const encoder of encoders) encoder.abort();
      post({ type: 'stop' });
      const timeout = new Promise((resolve) => setTimeout(resolve, 5000).unref());
      await Promise.race([exited.catch(() => {}), timeout]);
      await worker.terminate();
    },
  };
}

/** Contiguous units as one range each (a worker draws them in one run). */
function rangesOf(units: FrameRange[]): FrameRange[] {
  const ranges: FrameRange[] = [];
  for (const { first, end } of units) {
    const last = ranges.at(-1);
    if (last && last.end === first) last.end = end;
    else ranges.push({ first, end });
  }
  return ranges;
}

/** Units split among `count` workers in order, each with about the same number of frames. */
export function shareUnits<T extends FrameRange>(units: T[], count: number): T[][] {
  const total = units.reduce((sum, u) => sum + u.end - u.first, 0);
  const n = Math.max(1, Math.min(units.length, Math.floor(count) || 1));
  const shares: T[][] = Array.from({ length: n }, () => []);
  let before = 0;
  for (const unit of units) {
    const middle = before + (unit.end - unit.first) / 2;
    shares[Math.min(n - 1, Math.floor((middle * n) / total))]!.push(unit);
    before += unit.end - unit.first;
  }
  return shares.filter((share) => share.length > 0);
}

/** A movie ready to draw: validated, its media local, its output size and frame count known. */
type PreparedMovie = {
  movie: Movie;
  fps: number;
  width: number;
  height: number;
  frames: number;
  duration: number;
  baseDir: string;
  /** Local copies (resolved media) back to the addresses the movie gave. */
  given: ReadonlyMap<string, string>;
};

/** Validates the movie, works out the output and fetches remote and stored media to local files. */
async function prepareMovie(options: Omit<RenderOptions, 'output'>): Promise<PreparedMovie> {
  const parsed = MovieSchema.parse(options.movie);
  const fps = options.fps ?? 30;
  const { width, height } = outputSize(parsed, options.width, options.height);
  const frames = Math.round(movieDuration(parsed) * fps);
  if (frames < 1) throw new Error('The movie has no frames to render.');
  // Without local files, the only paths left after localizeMovie are the resolver's own absolute ones.
  const baseDir = path.resolve(options.localFiles ?? '.');
  const needs = collectAssets(parsed);
  const urls = [...new Set([...needs.images, ...needs.videos, ...audioPlan(parsed).map((c) => c.url)])];
  // Remote and stored media become local files first (the workers read local files only).
  const media = options.resolveMedia ? await options.resolveMedia(urls) : { files: new Map(), failures: [] };
  const failed = new Set(media.failures.map((f) => f.url));
  const localFiles = options.localFiles !== undefined;
  const unreadable = urls.filter(
    (url) => !media.files.has(url) && !failed.has(url) && !isReadable(url, { localFiles }),
  );
  if (unreadable.length > 0) throw new UnsupportedSourceError(unreadable);
  const unfetched = media.failures.map((f) => ({ kind: kindOf(f.url, needs), ref: f.url, reason: f.reason }));
  if (unfetched.length > 0) throw new MissingAssetsError(unfetched);
  const movie = localizeMovie(parsed, media.files);
  const given = new Map([...media.files].map(([url, file]) => [file, url]));
  return { movie, fps, width, height, frames, duration: frames / fps, baseDir, given };
}

/** A planned segment (`segments.ts`) with its hash. */
export type HashedSegment = PlannedSegment & { hash: string };

/** The movie's segments and their hashes; throws MissingAssetsError for media that cannot be read. */
async function hashSegments(prepared: PreparedMovie): Promise<HashedSegment[]> {
  const { movie, fps, width, height, baseDir } = prepared;
  const planned = planSegments(movie, fps);
  const needs = collectAssets(movie);
  const media = await mediaHashes(
    planned.flatMap((s) => s.media),
    baseDir,
  );
  if (media.missing.length > 0) {
    throw new MissingAssetsError(media.missing.map((ref) => ({ kind: kindOf(ref, needs), ref })));
  }
  const fonts = await fontHashes(planned.flatMap((s) => s.fonts));
  const output = { width, height, fps, renderer: await rendererFingerprint() };
  return planned.map((segment) => ({
    ...segment,
    hash: segmentHash(segment, output, media.hashes, (font) => fonts.get(fontKey(font)) ?? []),
  }));
}

/** Deduplicated list of what is missing. */
const distinct = (missing: MissingMedia[]) => [...new Map(missing.map((m) => [`${m.kind} ${m.ref}`, m])).values()];

/**
 * Draws and encodes `units` on `shares.length` worker threads (one share each) and the thumbnail
 * on the first, with `alongside` (the sound) running meanwhile; throws MissingAssetsError for
 * whatever the workers or `alongside` could not load.
 */
async function drawUnits(
  prepared: PreparedMovie,
  shares: EncodeUnit[][],
  context: {
    tmpDir: string;
    thumbnail?: string;
    threads?: number;
    onFrame: () => void;
    /** The sound being mixed: what it lacks once its sources are probed, and its encoding. */
    alongside: Promise<{ missing: MissingMedia[]; done: Promise<void> }>;
  },
): Promise<void> {
  const { movie, fps, width, height, baseDir, duration } = prepared;
  const entry = await chunkWorkerUrl();
  const workers: ChunkWorker[] = [];
  try {
    // With nothing to draw, a worker still draws the thumbnail.
    const jobs = shares.length > 0 ? shares : context.thumbnail ? [[]] : [];
    for (const [i, units] of jobs.entries()) {
      const job: ChunkJob = {
        movie,
        baseDir,
        tmpDir: context.tmpDir,
        width,
        height,
        fps,
        ranges: rangesOf(units),
        thumbnail:
          i === 0 && context.thumbnail
            ? {
                file: context.thumbnail,
                time: thumbnailTime(movie, duration),
                width: THUMBNAIL_WIDTH,
                height: even((THUMBNAIL_WIDTH * height) / width),
              }
            : undefined,
      };
      workers.push(startChunk(entry, job, context.threads));
    }
    const ready = await Promise.all(workers.map((w) => w.ready));
    const missingToDraw = ready.flatMap((r) => r.missing);
    if (missingToDraw.length > 0) {
      const { missing: missingSound } = await context.alongside;
      throw new MissingAssetsError(distinct([...missingToDraw, ...missingSound]));
    }
    // The workers draw while the sound's sources are still probed (ffprobe a clip, seconds for a
    // narrated video); a missing one stops them.
    const sound = context.alongside.then(({ missing, done }) => {
      if (missing.length > 0) throw new MissingAssetsError(distinct(missing));
      return done;
    });
    await Promise.all([...workers.map((w, i) => w.go(jobs[i]!, context.onFrame)), sound]);
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}

/** The sound track of a render: where it is (or will be), and what it lacks. */
type SoundTrack = {
  /** Sources that cannot be found (the track is then not made). */
  missing: MissingMedia[];
  /** Settles when the track is in `file`. */
  done: Promise<void>;
  file: string;
  /** Taken from the store as it was, or mixed and encoded now. */
  reused: boolean;
  /** Its hash in the store, when it has one (every source could be read). */
  hash?: string;
};

/** The hash of the movie's sound track (`sound-hash.ts`), or none when a source cannot be read. */
async function hashSound(clips: AudioClip[], baseDir: string, duration: number): Promise<string | undefined> {
  const media = await mediaHashes(
    clips.map((c) => c.url),
    baseDir,
  );
  if (media.missing.length > 0) return undefined;
  return soundHash(clips, duration, media.hashes, `${await ffmpegVersion()}; ${SOUND_ENCODER_ARGS.join(' ')}`);
}

/**
 * The sound track: with a store that holds this very track (same plan, sources, length and
 * encoder), that file as it is (D82); otherwise mixed and encoded into `file` meanwhile.
 */
async function startAudio(
  prepared: PreparedMovie,
  tmpDir: string,
  file: string,
  signal: AbortSignal,
  cache?: SegmentCache,
): Promise<SoundTrack> {
  const { movie, baseDir, duration } = prepared;
  const clips = audioPlan(movie);
  const hash = cache ? await hashSound(clips, baseDir, duration) : undefined;
  const stored = hash ? (await cache!.fetch([hash], tmpDir)).get(hash) : undefined;
  if (stored) return { missing: [], done: Promise.resolve(), file: stored, reused: true, hash };
  const audio = await resolveAudio(clips, baseDir, tmpDir);
  const done =
    audio.missing.length === 0 ? encodeAudio(compileAudioMix(audio.mix, duration, 0), file, signal) : Promise.resolve();
  done.catch(() => {});
  return { missing: audio.missing, done, file, reused: false, ...(hash ? { hash } : {}) };
}

/** Segments of a render: how many, how many were taken from the store, how many drawn. */
export type SegmentCounts = { total: number; reused: number; drawn: number };

/**
 * Renders a movie to an MP4. Throws UnsupportedSourceError for an address it may not read (remote
 * media without `resolveMedia`, paths and `file:` urls without `localFiles`), MissingAssetsError listing every font, image, clip or sound that
 * cannot be fetched or loaded, or the encoder's error; the
 * file is written beside `output` and renamed into place only on success, so a failed render
 * never replaces a good MP4 (the same for the thumbnail).
 *
 * Without `segments`, the timeline is split into chunks (`options.chunks`), each drawn on a worker
 * thread, converted to I420 (`yuv.ts`) and encoded to a video-only H.264 segment. With it, the
 * movie is planned as segments (`segments.ts`): those stored under their hash are taken from the
 * store, the others drawn (consecutive ones by one worker, an encoder per segment) and stored
 * (D75). Either way the sound track is mixed and encoded meanwhile, for the whole video, and the
 * segments and the sound are joined without re-encoding (DESIGN §7). A frame whose
 * `frameSignature` equals the previous frame's is not drawn again.
 */
export async function renderMovie(options: RenderOptions): Promise<RenderResult> {
  const started = performance.now();
  const prepared = await prepareMovie(options);
  const { fps, frames, duration } = prepared;
  const cache = options.segments;
  const output = path.resolve(options.output);
  const tmpDir = await mkdtemp(path.join(tmpdir(), 'reelwright-render-'));
  const partial = path.join(path.dirname(output), `.${path.basename(output)}.${process.pid}.partial.mp4`);
  const thumbnail = options.thumbnail ? path.resolve(options.thumbnail) : undefined;
  const thumbnailPartial = thumbnail
    ? path.join(path.dirname(thumbnail), `.${path.basename(thumbnail)}.${process.pid}.partial.jpg`)
    : undefined;
  const stopAudio = new AbortController();
  try {
    // The sound is looked up in the store, or probed while the segments are hashed and mixed
    // while the workers load their assets and draw, on a core that would idle.
    const audio = startAudio(prepared, tmpDir, path.join(tmpDir, 'audio.m4a'), stopAudio.signal, cache);
    audio.catch(() => {});
    let handed = 0;
    let segments: SegmentCounts | undefined;
    let files: string[];
    let units: (EncodeUnit & { hash?: string })[];
    if (cache) {
      const planned = await hashSegments(prepared);
      const stored = await cache.fetch(
        planned.map((s) => s.hash),
        tmpDir,
      );
      files = planned.map((s, i) => stored.get(s.hash) ?? path.join(tmpDir, `segment-${i}.mp4`));
      units = planned.flatMap((s, i) =>
        stored.has(s.hash) ? [] : [{ first: s.first, end: s.end, file: files[i]!, hash: s.hash }],
      );
      segments = { total: planned.length, reused: planned.length - units.length, drawn: units.length };
      handed = planned.reduce((sum, s) => sum + (stored.has(s.hash) ? s.end - s.first : 0), 0);
    } else {
      units = chunkRanges(frames, options.chunks ?? defaultChunks(frames, fps)).map((range, i) => ({
        ...range,
        file: path.join(tmpDir, `segment-${i}.mp4`),
      }));
      files = units.map((u) => u.file);
    }
    const report = () => options.onProgress?.({ frame: handed, frames, ...(segments ? { segments } : {}) });
    if (handed > 0) report();
    const framesToDraw = units.reduce((sum, u) => sum + u.end - u.first, 0);
    const shares = cache
      ? shareUnits(units, options.chunks ?? defaultChunks(framesToDraw, fps))
      : units.map((unit) => [unit]);
    await drawUnits(prepared, shares, {
      tmpDir,
      thumbnail: thumbnailPartial,
      threads: cache ? SEGMENT_THREADS : undefined,
      alongside: audio,
      onFrame: () => {
        handed++;
        report();
      },
    });
    const sound = await audio;
    await joinSegments(files, sound.file, path.join(tmpDir, 'segments.txt'), partial);
    // Stored only once the whole video joined: a failed render leaves nothing half-made behind.
    if (cache) for (const unit of units) await cache.store(unit.hash!, unit.file);
    if (cache && sound.hash && !sound.reused) await cache.store(sound.hash, sound.file);
    if (thumbnail && thumbnailPartial) await rename(thumbnailPartial, thumbnail);
    await rename(partial, output);
    const { size } = await stat(output);
    return {
      duration,
      frames,
      framesDrawn: framesToDraw,
      bytes: size,
      renderSeconds: (performance.now() - started) / 1000,
      chunks: shares.length,
      ...(segments ? { segments, sound: sound.reused ? ('reused' as const) : ('mixed' as const) } : {}),
      ...(thumbnail ? { thumbnail } : {}),
    };
  } catch (error) {
    throw asGiven(error, prepared.given);
  } finally {
    stopAudio.abort();
    await rm(partial, { force: true });
    if (thumbnailPartial) await rm(thumbnailPartial, { force: true });
    await rm(tmpDir, { recursive: true, force: true });
  }
}

/** What `renderSegments` did. */
export type SegmentsResult = {
  /** Every segment of the movie, in order, with its frames and hash. */
  segments: HashedSegment[];
  /** Indexes (into `segments`) of those drawn now, and of those already stored. */
  drawn: number[];
  reused: number[];
  framesDrawn: number;
};

/**
 * Draws the segments numbered `only` (indexes into the movie's plan; default all) that the store
 * lacks and stores them, without sound, join or thumbnail: the building block of renders split
 * across machines. A later `renderMovie` with the same store and options finds them all. Called
 * with `only` omitted and the options of a render, it also tells the plan (`segments`).
 */
export async function renderSegments(
  options: Omit<RenderOptions, 'output' | 'thumbnail' | 'segments'> & { segments: SegmentCache; only?: number[] },
): Promise<SegmentsResult> {
  const prepared = await prepareMovie(options);
  const planned = await hashSegments(prepared).catch((error) => {
    throw asGiven(error, prepared.given);
  });
  const wanted = options.only ?? planned.map((_, i) => i);
  for (const i of wanted) {
    if (!planned[i]) throw new RangeError(`No segment ${i}: the movie has ${planned.length}.`);
  }
  const tmpDir = await mkdtemp(path.join(tmpdir(), 'reelwright-segments-'));
  try {
    const stored = await options.segments.present(wanted.map((i) => planned[i]!.hash));
    const drawn = wanted.filter((i) => !stored.has(planned[i]!.hash));
    const units = drawn.map((i) => ({ ...planned[i]!, file: path.join(tmpDir, `segment-${i}.mp4`) }));
    const framesDrawn = units.reduce((sum, u) => sum + u.end - u.first, 0);
    let handed = 0;
    await drawUnits(prepared, shareUnits(units, options.chunks ?? defaultChunks(framesDrawn, prepared.fps)), {
      tmpDir,
      threads: SEGMENT_THREADS,
      alongside: Promise.resolve({ missing: [], done: Promise.resolve() }),
      onFrame: () => options.onProgress?.({ frame: ++handed, frames: framesDrawn }),
    });
    for (const unit of units) await options.segments.store(unit.hash, unit.file);
    return { segments: planned, drawn, reused: wanted.filter((i) => stored.has(planned[i]!.hash)), framesDrawn };
  } catch (error) {
    throw asGiven(error, prepared.given);
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
}
