/**
 * Voice-over recordings from the browser (spec 001 §5 voice-over recording, §7 save-mp3): the
 * type is read from the bytes (never the client's word), converted to MP3 with ffmpeg (without
 * the file's metadata), measured, and stored under a random name (DESIGN §9 uploads).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../db/client';
import { badRequest, tooLarge } from '../errors';
import { runTool, stderrTail } from '../ffmpeg/ffmpeg';
import { probeMedia } from '../ffmpeg/probe';
import type { FileStore } from '../storage';
import { recordings } from './tables';

export const RECORDING_MAX_BYTES = 25 * 1024 * 1024;
export const RECORDING_MAX_SECONDS = 15 * 60;

/** What browsers' MediaRecorder makes (WebM, Ogg, MP4 audio) plus WAV and MP3 files. */
const ACCEPTED = new Set(['webm', 'mkv', 'ogg', 'oga', 'opus', 'wav', 'mp3', 'm4a', 'mp4']);

export const recordingTooLarge = () =>
  tooLarge(`The recording is larger than ${RECORDING_MAX_BYTES / 1024 / 1024} MB. Record a shorter take.`);

/**
 * Converts a recording to MP3 and stores it as `recordings/<random>.mp3`, recorded as the
 * member's own (projects may use only their own, docs/security.md V12); answers its URL and length.
 */
export async function saveRecording(
  deps: { db: Db; files: FileStore },
  userId: number,
  bytes: Buffer,
): Promise<{ url: string; duration: number }> {
  if (bytes.length === 0) throw badRequest('The recording is empty.', 'recording', 'empty_recording');
  if (bytes.length > RECORDING_MAX_BYTES) throw recordingTooLarge();
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.ext)) {
    throw badRequest(
      `The recording must be WebM, Ogg, WAV, MP3 or M4A audio; this file is ${type ? type.mime : 'not a known audio format'}.`,
      'recording',
      'unsupported_audio',
    );
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'rw-recording-'));
  try {
    const input = path.join(dir, `input.${type.ext}`);
    const output = path.join(dir, 'recording.mp3');
    await writeFile(input, bytes);
    try {
      // Cut a little past the limit, so an over-long file costs bounded work and is still measured as too long.
      // The recording is served publicly: none of the file's metadata (tags, chapters) goes with it.
      await runTool('ffmpeg', [
        ...['-v', 'error', '-y', '-i', input, '-vn', '-t', String(RECORDING_MAX_SECONDS + 1)],
        ...['-map_metadata', '-1', '-map_chapters', '-1', '-codec:a', 'libmp3lame', '-q:a', '4', output],
      ]);
    } catch (error) {
      throw badRequest(
        `The recording could not be read as audio: ${stderrTail((error as Error).message, 2)}`,
        'recording',
        'unreadable_audio',
      );
    }
    const probe = await probeMedia(output);
    const size = (await stat(output)).size;
    if (!probe.streams.some((s) => s.type === 'audio') || probe.duration <= 0 || size === 0) {
      throw badRequest('The recording has no sound in it.', 'recording', 'unreadable_audio');
    }
    if (probe.duration > RECORDING_MAX_SECONDS) {
      throw badRequest(
        `The recording is longer than ${RECORDING_MAX_SECONDS / 60} minutes. Record a shorter take.`,
        'recording',
        'recording_too_long',
      );
    }
    const key = `recordings/${randomBytes(16).toString('hex')}.mp3`;
    await deps.files.put(key, output, 'audio/mpeg');
    await deps.db.insert(recordings).values({ key, userId });
    return { url: `/media/${key}`, duration: probe.duration };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
