/**
 * The copy of an upload that is stored and served publicly (issue 15): the pictures and sounds,
 * nothing else. Uploads carry more than their author may know: a phone photo's EXIF names the
 * camera and where it was taken, a phone video's metadata the same, and any bytes may follow
 * the media data. So:
 *
 * - Images are decoded and encoded again by sharp in their own format, turned upright by their
 *   EXIF orientation, in sRGB, with no EXIF, XMP, IPTC, ICC profile or comments; animations keep
 *   their frames, delays and loop count. Decoding the whole picture also proves the file whole.
 *   JPEG and lossy WebP lose a little in the new encoding (quality 90); PNG and GIF none.
 * - Video and audio are copied stream by stream by ffmpeg, without encoding again: no global,
 *   stream or chapter metadata, and only the picture and sound streams (no cover art,
 *   subtitles, data streams or attachments).
 *
 * Either way nothing after the media data survives.
 */
import sharp from 'sharp';
import { AppError } from '../errors';
import { runTool, stderrTail } from '../ffmpeg/ffmpeg';
import { IMAGE_INPUT_LIMITS } from './image-limits';
import { type InspectedMedia, unreadableFile } from './inspect';

/** ffmpeg's muxer for each container `inspectMedia` detects (an MKV is kept Matroska, though stored as .webm). */
const MUXERS: Record<string, string> = {
  mp4: 'mp4',
  m4a: 'mp4',
  mov: 'mov',
  webm: 'webm',
  mkv: 'matroska',
  mp3: 'mp3',
  wav: 'wav',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
};

/** Writes the clean copy of `file` (as `inspectMedia` found it) to `output`; 400 when the file cannot be read whole. */
export async function writeCleanCopy(file: string, media: InspectedMedia, output: string): Promise<void> {
  if (media.kind === 'image') await cleanImage(file, media.ext, output);
  else await cleanAudioVideo(file, media, output);
}

async function cleanImage(file: string, ext: string, output: string): Promise<void> {
  try {
    const image = sharp(file, { failOn: 'truncated', animated: true, ...IMAGE_INPUT_LIMITS });
    const { isPalette, chromaSubsampling } = await image.metadata();
    const upright = image.autoOrient();
    const encoded =
      ext === 'jpg'
        ? upright.jpeg({ quality: 90, chromaSubsampling: chromaSubsampling === '4:4:4' ? '4:4:4' : '4:2:0' })
        : ext === 'png'
          ? upright.png({ palette: isPalette })
          : ext === 'webp'
            ? upright.webp({ quality: 90 })
            : upright.gif();
    await encoded.toFile(output);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadableFile((error as Error).message.split('\n')[0] || 'not an image');
  }
}

async function cleanAudioVideo(file: string, media: InspectedMedia, output: string): Promise<void> {
  const muxer = MUXERS[media.container];
  if (!muxer) throw new Error(`no muxer for ${media.container}`);
  // `V` (not `v`): picture streams that are not attached pictures such as cover art.
  const streams = media.kind === 'video' ? ['-map', '0:V', '-map', '0:a?'] : ['-map', '0:a'];
  try {
    await runTool('ffmpeg', [
      ...['-v', 'error', '-y', '-i', file, ...streams, '-c', 'copy'],
      ...['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact', '-f', muxer, output],
    ]);
  } catch (error) {
    throw unreadableFile(stderrTail((error as Error).message, 2));
  }
}
