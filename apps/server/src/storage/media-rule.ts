/**
 * Which media addresses a member's project may hold (issue 31 finding 1, docs/security.md V12):
 * a decision over the string alone, made the same way when a project is saved and again when it
 * is rendered. Nothing here decodes, resolves or normalises an address: whatever is not exactly
 * one of the allowed shapes is refused, so `%2e%2e`, backslashes, `..` and `file:` never reach a
 * path join.
 */
import { FILE_NAME } from './media-keys';

/**
 * Folders whose files are the app's own drawings and stock, the same for every member: emoji,
 * icons, shapes, generated backgrounds and the stock music.
 */
export const SHARED_MEDIA_FOLDERS = new Set(['emojis', 'icons', 'shapes', 'generated', 'music']);
/** Folders whose files belong to one member: uploads and imports, voice recordings, speech clips. */
export const OWNED_MEDIA_FOLDERS = new Set(['uploads', 'recordings', 'tts']);
export type OwnedFolder = 'uploads' | 'recordings' | 'tts';

/** What an address in a project is to the render. */
export type MediaReference =
  /** Bytes inside the document itself. */
  | { kind: 'data' }
  /** An http(s) address, fetched through the guarded client. */
  | { kind: 'remote' }
  /** A stored file every member may use. */
  | { kind: 'shared'; key: string }
  /** A stored file that must be the member's own (checked against the database). */
  | { kind: 'owned'; key: string; folder: OwnedFolder; name: string }
  /** Anything else: a path, `file:`, another scheme, a malformed or unknown `/media/` address. */
  | { kind: 'refused' };

const STORED = /^\/media\/([a-z]+)\/([^/]+)$/;

/** Classifies one media address of a project. Pure: a function of the string only. */
export function mediaReferenceOf(url: string): MediaReference {
  // Browsers and our own code write `data:` in lower case; the renderer reads exactly that prefix.
  if (url.startsWith('data:')) return { kind: 'data' };
  if (/^https?:\/\//i.test(url)) {
    const parsed = URL.canParse(url) ? new URL(url) : null;
    return parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname
      ? { kind: 'remote' }
      : { kind: 'refused' };
  }
  const stored = STORED.exec(url);
  if (!stored) return { kind: 'refused' };
  const [, folder = '', name = ''] = stored;
  if (!FILE_NAME.test(name)) return { kind: 'refused' };
  const key = `${folder}/${name}`;
  if (SHARED_MEDIA_FOLDERS.has(folder)) return { kind: 'shared', key };
  if (OWNED_MEDIA_FOLDERS.has(folder)) return { kind: 'owned', key, folder: folder as OwnedFolder, name };
  return { kind: 'refused' };
}
