import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError, badRequest, notFound, tooLarge } from '../errors';
import { storedMediaUsable } from '../media/service';
import { type FetchPolicy, FetchRefusedError, guardedFetch } from '../net/guarded-fetch';
import { ProviderError } from '../providers/http/provider-error';
import type { BackgroundRemover } from '../providers/remove-bg/registry';
import { mediaKeyOf } from '../storage/media-keys';
import {
  checkImageSize,
  cleanName,
  formatBytes,
  IMAGE_INPUT_LIMITS,
  importMedia,
  type UploadDeps,
  type UploadedMedia,
  uploadWorkspace,
} from '../uploads/service';

export type RemoveBgDeps = UploadDeps & {
  remover: BackgroundRemover | undefined;
  fetchPolicy: FetchPolicy;
  /** Where the file store puts local copies of stored files (S3). */
  cacheDir: string;
};

const NOT_IN_LIBRARY = 'There is no picture at this address in your library or the shared media.';

/** Formats remove.bg reads; others are turned into PNG first. */
const SENT_AS_IS = new Set(['jpeg', 'png', 'webp']);

export const notConfigured = () =>
  new AppError(
    501,
    'not_configured',
    'Background removal is not configured on this server: set REMOVE_BG_API_KEY (a remove.bg API key).',
  );

/**
 * Removes the background of the picture at `url` (ours or an outside one, fetched through the
 * guarded client) and stores the PNG as `uploads/<random>.png` in the member's library.
 */
export async function removeBackground(
  deps: RemoveBgDeps,
  input: { userId: number; url: string },
): Promise<UploadedMedia> {
  if (!deps.remover) throw notConfigured();
  const source = await readPicture(deps, input);
  const picture = await sendable(source);
  let result: Buffer;
  try {
    result = await deps.remover.remove(picture, 'image.png');
  } catch (error) {
    throw error instanceof ProviderError ? removeBgFailed(error) : error;
  }
  const format = await sharp(result)
    .metadata()
    .then((m) => m.format)
    .catch(() => undefined);
  if (format !== 'png') {
    throw new AppError(502, 'remove_bg_unavailable', `${deps.remover.name} did not answer a PNG picture.`);
  }
  const work = await uploadWorkspace();
  try {
    const file = path.join(work.dir, 'no-background.png');
    await writeFile(file, result);
    const name = `${nameOf(input.url) || 'picture'} no background`;
    return await importMedia(deps, { userId: input.userId, file, name, source: 'upload' });
  } finally {
    await work.done();
  }
}

async function readPicture(deps: RemoveBgDeps, { userId, url }: { userId: number; url: string }): Promise<Buffer> {
  if (url.startsWith('/')) {
    const key = mediaKeyOf(url);
    if (!key) throw badRequest('This is not the address of a stored picture.', 'url');
    // Only what the member may use (issue 31): another member's upload is as missing as none.
    if (!(await storedMediaUsable(deps.db, userId, url))) throw notFound(NOT_IN_LIBRARY);
    return readFile(await deps.files.localCopy(key, deps.cacheDir));
  }
  try {
    const response = await guardedFetch(
      url,
      { accept: ['image/*', 'application/octet-stream'], maxBytes: deps.limits.image, timeoutMs: 30_000 },
      deps.fetchPolicy,
    );
    if (response.status < 200 || response.status >= 300) {
      throw badRequest(`The address answered HTTP ${response.status}.`, 'url', 'fetch_failed');
    }
    return response.body;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (!(error instanceof FetchRefusedError)) {
      throw new AppError(502, 'fetch_failed', `The address could not be reached: ${(error as Error).message}`, 'url');
    }
    if (error.reason === 'too_large') throw tooLarge(`The picture is larger than ${formatBytes(deps.limits.image)}.`);
    if (error.reason === 'content_type') {
      throw new AppError(415, 'unsupported_media_type', `The address is not a picture: ${error.message}`, 'url');
    }
    throw badRequest(`This address cannot be fetched: ${error.message}`, 'url', 'fetch_refused');
  }
}

/** The picture as JPEG, PNG or WebP bytes; anything sharp cannot read, or too large to decode, is refused. */
async function sendable(bytes: Buffer): Promise<Buffer> {
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!meta || meta.format === 'svg') {
    throw new AppError(415, 'not_image', 'The address does not hold a picture (JPEG, PNG, WebP or GIF).', 'url');
  }
  checkImageSize(meta, 'url');
  return SENT_AS_IS.has(meta.format) ? bytes : sharp(bytes, IMAGE_INPUT_LIMITS).png().toBuffer();
}

function removeBgFailed(error: ProviderError): AppError {
  switch (error.kind) {
    case 'quota':
      return new AppError(
        503,
        'remove_bg_credits',
        `The ${error.provider} account has no credits left; the site's operator needs to top it up.`,
      );
    case 'rate_limited':
      return new AppError(
        429,
        'remove_bg_rate_limited',
        `${error.provider} is busy; try again in ${error.retryAfterSeconds ?? 60} seconds.`,
      );
    case 'auth':
      return new AppError(
        502,
        'remove_bg_auth',
        `${error.provider} refused the server's key; the operator should check REMOVE_BG_API_KEY.`,
      );
    case 'bad_request':
      return new AppError(
        422,
        'remove_bg_rejected',
        `${error.provider} could not work with this picture: ${error.message}`,
        'url',
      );
    default:
      return new AppError(
        502,
        'remove_bg_unavailable',
        `Background removal failed; try again later. (${error.message})`,
      );
  }
}

/** A name from an outside address's file name; our own files have random names, so none. */
function nameOf(url: string): string {
  if (url.startsWith('/')) return '';
  try {
    return cleanName(decodeURIComponent(new URL(url).pathname));
  } catch {
    return '';
  }
}
