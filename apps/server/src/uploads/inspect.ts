/**
 * What an uploaded or imported file really is (DESIGN §9): the type from its bytes, never the
 * client's word; images measured from their header (and refused when too large to decode, see
 * image-limits.ts), video and audio probed with ffprobe; a 320 px wide JPEG thumbnail for images
 * (sharp) and video (ffmpeg, the frame at 1 s).
 */
import { open, stat } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors';
import { runTool, stderrTail } from '../ffmpeg/ffmpeg';
import { probeMedia } from '../ffmpeg/probe';
import { checkImageSize, IMAGE_INPUT_LIMITS } from './image-limits';

export type MediaKind = 'image' | 'video' | 'audio';

export type InspectedMedia = {
  kind: MediaKind;
  /** The extension to store the file under. */
  ext: string;
  /** The container the bytes are in (file-type's ext): an MKV is stored as .webm, an M4A video as .mp4. */
  container: string;
  mime: string;
  width: number;
  height: number;
  /** Seconds, for video and audio. */
  duration: number | undefined;
};

export const THUMBNAIL_WIDTH = 320;

/**
 * The longest video or sound a member may add (issue 31): one hour. The spec sets no length for
 * uploads; a made video is minutes long (the free plan's at most 60 s; D78), so an
 * hour covers any clip or music track worth adding, while a 10-hour file, small on disk, would
 * cost its length in every later ffmpeg pass (clean copy, thumbnail, render).
 */
export const MEDIA_MAX_SECONDS = 60 * 60;

/** Detected type (file-type's ext) → the family it belongs to. Anything else is refused. */
const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};
/** Containers that may hold video or audio; which one is decided by the streams inside. */
const AV_TYPES = new Set(['mp4', 'm4a', 'mov', 'webm', 'mkv', 'mp3', 'wav', 'ogg', 'oga', 'opus', 'ogv']);

const VIDEO_STORED: Record<string, { ext: string; mime: string }> = {
  mp4: { ext: 'mp4', mime: 'video/mp4' },
  m4a: { ext: 'mp4', mime: 'video/mp4' },
  mov: { ext: 'mov', mime: 'video/quicktime' },
  webm: { ext: 'webm', mime: 'video/webm' },
  mkv: { ext: 'webm', mime: 'video/webm' },
};
const AUDIO_STORED: Record<string, { ext: string; mime: string }> = {
  mp3: { ext: 'mp3', mime: 'audio/mpeg' },
  wav: { ext: 'wav', mime: 'audio/wav' },
  ogg: { ext: 'ogg', mime: 'audio/ogg' },
  oga: { ext: 'ogg', mime: 'audio/ogg' },
  opus: { ext: 'ogg', mime: 'audio/ogg' },
  m4a: { ext: 'm4a', mime: 'audio/mp4' },
  mp4: { ext: 'm4a', mime: 'audio/mp4' },
  webm: { ext: 'webm', mime: 'audio/webm' },
  mkv: { ext: 'webm', mime: 'audio/webm' },
};

const ACCEPTED_TEXT = 'images (JPEG, PNG, WebP, GIF), video (MP4, WebM, MOV) or audio (MP3, WAV, Ogg, M4A, WebM)';

export const unsupportedType = (what: string) =>
  new AppError(415, 'unsupported_media_type', `This file is ${what}. Upload ${ACCEPTED_TEXT}.`, 'file');
export const unreadableFile = (detail: string) =>
  new AppError(400, 'unreadable_file', `The file could not be read (is it cut short?): ${detail}`, 'file');
export const fileTooLarge = (kind: MediaKind, limit: number) =>
  new AppError(
    413,
    'too_large',
    `This ${kind} is larger than the ${formatBytes(limit)} limit for ${kind} files.`,
    'file',
  );

export const tooLong = (kind: MediaKind, seconds: number) =>
  new AppError(
    413,
    'too_long',
    `This ${kind} is ${formatLength(seconds)} long; ${kind} files may be at most ${formatLength(MEDIA_MAX_SECONDS)}. Trim it and add the part you need.`,
    'file',
  );

/** "1 h", "10 h 30 min", "59 min": a length for messages, rounded down to the minute. */
function formatLength(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (!hours) return `${minutes} min`;
  return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** Reads and measures `file`; throws 415 for types not accepted, 400 for damaged files, 413 over `limits`. */
export async function inspectMedia(file: string, limits: Record<MediaKind, number>): Promise<InspectedMedia> {
  const size = (await stat(file)).size;
  if (size === 0) throw new AppError(400, 'empty_file', 'The file is empty.', 'file');
  const type = await fileTypeFromFile(file);
  if (!type) {
    const head = await sniffText(file);
    throw unsupportedType(
      head ? 'text, not media (SVG is not accepted: export it as PNG)' : 'not a known media format',
    );
  }
  const image = IMAGE_TYPES[type.ext];
  if (image) {
    if (size > limits.image) throw fileTooLarge('image', limits.image);
    const { width, height } = await measureImage(file);
    return { kind: 'image', ext: type.ext, container: type.ext, mime: image, width, height, duration: undefined };
  }
  if (!AV_TYPES.has(type.ext)) throw unsupportedType(type.mime);
  let probe: Awaited<ReturnType<typeof probeMedia>>;
  try {
    probe = await probeMedia(file);
  } catch (error) {
    throw unreadableFile(stderrTail((error as Error).message, 2));
  }
  const video = probe.streams.find((s) => s.type === 'video' && s.codec !== 'mjpeg' && s.codec !== 'png');
  const audio = probe.streams.find((s) => s.type === 'audio');
  const stored = video ? VIDEO_STORED[type.ext] : audio ? AUDIO_STORED[type.ext] : undefined;
  if (!stored)
    throw unsupportedType(video || audio ? `${type.mime} without a usable stream` : 'without sound or picture');
  const kind: MediaKind = video ? 'video' : 'audio';
  if (size > limits[kind]) throw fileTooLarge(kind, limits[kind]);
  if (!(probe.duration > 0)) throw unreadableFile('it has no length.');
  // The longest a stream or the container says: either may be what a player goes by.
  const longest = Math.max(probe.duration, ...probe.streams.map((s) => s.duration ?? 0));
  if (longest > MEDIA_MAX_SECONDS) throw tooLong(kind, longest);
  return {
    kind,
    ...stored,
    container: type.ext,
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    duration: Math.round(probe.duration * 1000) / 1000,
  };
}

/**
 * The size of the picture as it shows (EXIF orientation applied; one frame of an animation),
 * read from the header alone: nothing is decoded before `checkImageSize` has passed it. The
 * clean copy (clean-copy.ts) decodes it whole.
 */
async function measureImage(file: string): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    // No pixel limit here: the header is all that is read, and the answer names the size.
    meta = await sharp(file, { animated: true, limitInputPixels: false }).metadata();
  } catch (error) {
    throw unreadableFile((error as Error).message.split('\n')[0] || 'not an image');
  }
  if (!meta.width || !meta.height) throw unreadableFile('it has no size.');
  checkImageSize(meta);
  const turned = (meta.orientation ?? 1) >= 5;
  const height = meta.pageHeight ?? meta.height;
  return turned ? { width: height, height: meta.width } : { width: meta.width, height };
}

/** True when the first bytes look like text (for a clearer message). */
async function sniffText(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    return !buffer.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
}

/** A 320 px wide JPEG of an image or of the video frame at 1 s (or the middle of a shorter one). */
export async function makeThumbnail(file: string, media: InspectedMedia, output: string): Promise<boolean> {
  if (media.kind === 'image') {
    await sharp(file, { animated: false, ...IMAGE_INPUT_LIMITS })
      .autoOrient()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: false })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toFile(output);
    return true;
  }
  if (media.kind === 'video') {
    const at = Math.min(1, (media.duration ?? 0) / 2);
    try {
      await runTool('ffmpeg', [
        ...['-v', 'error', '-y', '-ss', String(at), '-i', file, '-frames:v', '1'],
        ...['-vf', `scale=${THUMBNAIL_WIDTH}:-2`, '-q:v', '4', output],
      ]);
    } catch (error) {
      throw unreadableFile(stderrTail((error as Error).message, 2));
    }
    return (await stat(output).catch(() => null))?.size ? true : Promise.reject(unreadableFile('no frame to show.'));
  }
  return false;
}
