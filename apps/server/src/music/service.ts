import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runTool } from '../render/ffmpeg';
import type { FileStore } from '../storage/file-store';
import { ffmpegArguments, type TrackRecipe } from './synth';
import { STOCK_TRACKS } from './tracks';

/** One stock track as the customize step lists it. */
export type MusicTrack = { id: string; name: string; url: string; duration: number; mood: string };

/** Tracks synthesised at once: each takes one core for a few seconds. */
const CONCURRENCY = 2;

const keyOf = (recipe: TrackRecipe) => `music/${recipe.slug}.mp3`;

/**
 * The stock music: made on first request into the file store (`music/<slug>.mp3`, served at
 * `/media/music/<slug>.mp3`), then only listed. Concurrent callers share one run per track; a
 * file already stored (an earlier start, another process) is not made again.
 */
export class MusicLibrary {
  private readonly pending = new Map<string, Promise<void>>();

  constructor(private readonly files: FileStore) {}

  /** Every track, making the ones not stored yet first. */
  async tracks(): Promise<MusicTrack[]> {
    const queue = [...STOCK_TRACKS];
    const worker = async () => {
      for (let recipe = queue.shift(); recipe; recipe = queue.shift()) await this.ensure(recipe);
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return STOCK_TRACKS.map((recipe) => ({
      id: recipe.slug,
      name: recipe.name,
      url: `/media/${keyOf(recipe)}`,
      duration: recipe.duration,
      mood: recipe.mood,
    }));
  }

  private ensure(recipe: TrackRecipe): Promise<void> {
    const key = keyOf(recipe);
    let job = this.pending.get(key);
    if (!job) {
      // A failed run is forgotten, so the next request tries again.
      job = this.make(key, recipe).finally(() => this.pending.delete(key));
      this.pending.set(key, job);
    }
    return job;
  }

  private async make(key: string, recipe: TrackRecipe): Promise<void> {
    if (await this.files.exists(key)) return;
    const dir = await mkdtemp(path.join(tmpdir(), 'rw-music-'));
    try {
      const file = path.join(dir, `${recipe.slug}.mp3`);
      await runTool('ffmpeg', ffmpegArguments(recipe, file));
      await this.files.put(key, file, 'audio/mpeg');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
