/**
 * The sound track's hash (D82): everything that decides a movie's mixed and encoded sound —
 * its audio plan with each source named by the hash of its bytes, the video's length, and the
 * mixer and encoder. A render whose sound hashes as a stored one takes that track as it is, so an
 * edit that leaves the sound alone (a slide's text, or nothing at all) does no sound work. Pure.
 */
import { createHash } from 'node:crypto';
import { type AudioClip, canonicalJson } from '@reelwright/core';

/**
 * Bump when the same plan would sound otherwise: a change to `compileAudioMix`'s graph, to how
 * `resolveAudio` picks the clips it mixes, or to the sound's encoding that its arguments do not
 * show. (ffmpeg's version and the AAC arguments are part of the hash by themselves.)
 */
export const SOUND_VERSION = 1;

/**
 * Hex SHA-256 of canonical JSON of the clips as the mixer reads them (in the plan's order: the
 * sum's rounding follows it), each url replaced by the hash of its bytes (`contentOf`, which must
 * know every url), the length in seconds and `encoder` (ffmpeg's version and the AAC settings).
 */
export function soundHash(
  clips: AudioClip[],
  duration: number,
  contentOf: ReadonlyMap<string, string>,
  encoder: string,
): string {
  const mixed = clips.map((clip) => {
    const content = contentOf.get(clip.url);
    if (!content) throw new Error(`No content hash for ${clip.url}`);
    return [content, clip.start, clip.offset, clip.duration, clip.rate, clip.gain, clip.loop];
  });
  const document = { kind: 'sound', version: SOUND_VERSION, encoder, duration, clips: mixed };
  return createHash('sha256').update(canonicalJson(document)).digest('hex');
}
