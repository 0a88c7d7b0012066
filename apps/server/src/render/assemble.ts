/**
 * The last step of a render split across worker processes (docs/decisions.md D76): the sound of
 * the whole movie mixed once (narration and music cross the segments' boundaries) and joined
 * with the video segments, without re-encoding them, into the MP4.
 */
import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { audioPlan, type Movie } from '@reelwright/core';
import { compileAudioMix } from './audio-mix';
import { encodeAudio, joinSegments } from './encode';
import { MissingAssetsError, resolveAudio } from './pipeline';

export type Assembly = {
  /** The movie, already made local (`localMovie`). */
  movie: Movie;
  baseDir: string;
  /** The video's length: frames / fps. */
  duration: number;
  /** Video-only segments in timeline order (`renderVideoRange`). */
  segments: string[];
  /** The MP4 to write; replaced only when it is whole. */
  output: string;
};

/** Mixes the sound, joins it with the segments into `output`; returns the MP4's size in bytes. */
export async function assembleMovie(assembly: Assembly): Promise<{ bytes: number }> {
  // Beside the output, so the finished file is renamed into place on the same file system.
  const tmpDir = await mkdtemp(path.join(path.dirname(path.resolve(assembly.output)), '.assemble-'));
  try {
    const audio = await resolveAudio(audioPlan(assembly.movie), path.resolve(assembly.baseDir), tmpDir);
    if (audio.missing.length > 0) throw new MissingAssetsError(audio.missing);
    const audioFile = path.join(tmpDir, 'audio.m4a');
    await encodeAudio(compileAudioMix(audio.mix, assembly.duration, 0), audioFile);
    const partial = path.join(tmpDir, 'joined.mp4');
    await joinSegments(assembly.segments, audioFile, path.join(tmpDir, 'segments.txt'), partial);
    await rename(partial, assembly.output);
    return { bytes: (await stat(assembly.output)).size };
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
}
