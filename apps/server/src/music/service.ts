import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { locateFfmpeg, runTool } from '../ffmpeg/ffmpeg';
import type { FileStore } from '../storage/file-store';
import { ffmpegArguments, type TrackRecipe } from './synth';
import { STOCK_TRACKS } from './tracks';

/** One stock track as the customize step lists it. */
export type MusicTrack = { id: string; name: string; url: string; duration: number; mood: string };

/** The tracks ready now; `preparing` while the others are still being made. */
export type MusicList = { tracks: MusicTrack[]; preparing?: { done: number; total: number } };

/** Writes one track as an MP3 to `file`; aborting `signal` stops it. */
export type TrackSynthesiser = (recipe: TrackRecipe, file: string, signal: AbortSignal) => Promise<void>;

/** ffmpeg at background priority: a request that arrives meanwhile gets the cores first. */
export const synthesiseTrack: TrackSynthesiser = async (recipe, file, signal) => {
  await runTool('ffmpeg', ffmpegArguments(recipe, file), signal, { background: true });
};

/** Tracks synthesised at once: each takes one core for a few seconds. */
const CONCURRENCY = 2;

const keyOf = (recipe: TrackRecipe) => `music/${recipe.slug}.mp3`;

const present = (recipe: TrackRecipe): MusicTrack => ({
  id: recipe.slug,
  name: recipe.name,
  url: `/media/${keyOf(recipe)}`,
  duration: recipe.duration,
  mood: recipe.mood,
});

export type MusicLibraryOptions = {
  files: FileStore;
  synthesise?: TrackSynthesiser;
  /** Told why making the tracks failed. */
  log?: (message: string) => void;
};

/**
 * The stock music, made once into the file store (`music/<slug>.mp3`, served at
 * `/media/music/<slug>.mp3`; under the data folder with disk storage) and kept there, so a
 * restart finds it. Making them takes about 40 s of CPU, so it runs in the background: started
 * when the server listens (or by the first listing), while `list()` answers at once with the
 * tracks made so far and the progress. A run that fails is not retried until the next start
 * (nor while ffmpeg is missing, which `list()` reports).
 */
export class MusicLibrary {
  private readonly ready = new Set<string>();
  private stocktake: Promise<void> | null = null;
  private run: Promise<void> | null = null;
  private failed = false;
  private readonly stopping = new AbortController();
  private readonly synthesise: TrackSynthesiser;

  constructor(private readonly options: MusicLibraryOptions) {
    this.synthesise = options.synthesise ?? synthesiseTrack;
  }

  /**
   * The tracks made so far, in the stock order, and `preparing` while the rest are made; starts
   * making them if nothing is. Waits only to learn which are stored, never for synthesis. Throws
   * FfmpegMissingError (503) when tracks are missing and there is no ffmpeg to make them.
   */
  async list(): Promise<MusicList> {
    await this.takeStock();
    this.prepare();
    const tracks = STOCK_TRACKS.filter((recipe) => this.ready.has(recipe.slug)).map(present);
    const total = STOCK_TRACKS.length;
    return this.run ? { tracks, preparing: { done: tracks.length, total } } : { tracks };
  }

  /**
   * Starts making the tracks not stored yet, unless that is running, done or failed; throws
   * FfmpegMissingError when there is no ffmpeg.
   */
  prepare(): void {
    if (this.run || this.failed || this.stopping.signal.aborted) return;
    if (this.ready.size === STOCK_TRACKS.length) return;
    locateFfmpeg();
    this.run = this.makeMissing()
      .catch((error: unknown) => {
        this.failed = true;
        if (!this.stopping.signal.aborted) this.options.log?.(`Stock music could not be made: ${String(error)}`);
      })
      .finally(() => {
        this.run = null;
      });
  }

  /** Settles once every track is made (or making them failed or stopped); at once when none is running. */
  async settled(): Promise<void> {
    await this.run;
  }

  /** Stops making tracks (the ffmpeg running is killed) and waits until it has stopped. */
  async close(): Promise<void> {
    this.stopping.abort();
    await this.run;
  }

  private takeStock(): Promise<void> {
    this.stocktake ??= Promise.all(
      STOCK_TRACKS.map(async (recipe) => {
        if (await this.options.files.exists(keyOf(recipe))) this.ready.add(recipe.slug);
      }),
    ).then(
      () => undefined,
      (error: unknown) => {
        this.stocktake = null;
        throw error;
      },
    );
    return this.stocktake;
  }

  private async makeMissing(): Promise<void> {
    await this.takeStock();
    const queue = STOCK_TRACKS.filter((recipe) => !this.ready.has(recipe.slug));
    let broken = false;
    const worker = async () => {
      for (let recipe = queue.shift(); recipe && !broken; recipe = queue.shift()) {
        try {
          await this.make(recipe);
        } catch (error) {
          broken = true;
          throw error;
        }
        this.ready.add(recipe.slug);
      }
    };
    // Every worker stops before the run counts as over, so nothing is written after close().
    const outcomes = await Promise.allSettled(Array.from({ length: CONCURRENCY }, worker));
    for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
  }

  private async make(recipe: TrackRecipe): Promise<void> {
    const dir = await mkdtemp(path.join(tmpdir(), 'rw-music-'));
    try {
      const file = path.join(dir, `${recipe.slug}.mp3`);
      await this.synthesise(recipe, file, this.stopping.signal);
      this.stopping.signal.throwIfAborted();
      await this.options.files.put(keyOf(recipe), file, 'audio/mpeg');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
