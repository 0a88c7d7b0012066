/**
 * The `/media/<folder>/<file>` addresses of stored files: which folders are served, what each name
 * may look like, and the storage key behind an address (the render pipeline and background
 * removal read files by it).
 */

/**
 * Folders of the file store served at `/media/<folder>/<file>`, and what they hold: speech and
 * recordings, and the pictures the offline media engines draw (emojis, icons, shapes, generated
 * backgrounds; our own SVGs only, never a member's), uploads, the stock music (`music/`) and the
 * projects' poster frames (`thumbnails/`, named by their bytes, D69).
 */
export const MEDIA_FOLDERS = new Set([
  'tts',
  'recordings',
  'emojis',
  'icons',
  'shapes',
  'generated',
  'uploads',
  'music',
  'thumbnails',
]);
/** SVG is served for our own drawings only: uploads never store one (a member's SVG could carry script). */
export const MEDIA_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
};
/** A random or hashed name; upload thumbnails are `<name>.thumb.jpg`. */
export const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(?:\.thumb)?\.([a-z0-9]{1,5})$/;

/** The storage key behind a `/media/…` URL (for the render pipeline), or null for other URLs. */
export function mediaKeyOf(url: string): string | null {
  const match = /^\/media\/([a-z]+)\/([^/?#]+)$/.exec(url);
  if (!match || !MEDIA_FOLDERS.has(match[1] as string) || !FILE_NAME.test(match[2] as string)) return null;
  return `${match[1]}/${match[2]}`;
}
