/**
 * Media by URL (issue 6): an image, video or audio address is fetched through the guarded client
 * and then imported like an upload; a web page needs a screenshot, taken by a `PageScreenshotter`
 * when the server has one (headless Chromium by default, see screenshot.ts and docs/api.md).
 */
import { AppError, badRequest, tooLarge } from '../errors';
import { type FetchPolicy, FetchRefusedError, guardedFetch } from '../net/guarded-fetch';
import { formatBytes } from './inspect';
import { cleanName } from './service';

/** Takes a PNG screenshot of a web page; must fetch only through the guarded policy. */
export type PageScreenshotter = (url: string) => Promise<Buffer>;

export type UrlImportDeps = {
  fetchPolicy: FetchPolicy;
  maxBytes: number;
  screenshotter?: PageScreenshotter | undefined;
  timeoutMs?: number;
};

const MEDIA_TYPES = ['image/*', 'video/*', 'audio/*', 'application/octet-stream'];
const PAGE_TYPES = ['text/html', 'application/xhtml+xml'];

export const screenshotUnavailable = () =>
  new AppError(
    422,
    'screenshot_unavailable',
    'Page screenshots need Chromium on the server. Give the address of an image or a video instead.',
    'url',
  );

/** The bytes behind `url` (or a screenshot of the page) and a name for them. */
export async function fetchMediaUrl(deps: UrlImportDeps, url: string): Promise<{ body: Buffer; name: string }> {
  let response: Awaited<ReturnType<typeof guardedFetch>>;
  try {
    response = await guardedFetch(
      url,
      { accept: [...MEDIA_TYPES, ...PAGE_TYPES], maxBytes: deps.maxBytes, timeoutMs: deps.timeoutMs ?? 60_000 },
      deps.fetchPolicy,
    );
  } catch (error) {
    if (!(error instanceof FetchRefusedError)) {
      throw new AppError(502, 'fetch_failed', `The address could not be reached: ${(error as Error).message}`, 'url');
    }
    if (error.reason === 'too_large') throw tooLarge(`The file is larger than ${formatBytes(deps.maxBytes)}.`);
    if (error.reason === 'content_type') {
      throw new AppError(
        415,
        'unsupported_media_type',
        `The address is not an image, video or page: ${error.message}`,
        'url',
      );
    }
    throw badRequest(`This address cannot be fetched: ${error.message}`, 'url', 'fetch_refused');
  }
  if (response.status < 200 || response.status >= 300) {
    throw badRequest(`The address answered HTTP ${response.status}.`, 'url', 'fetch_failed');
  }
  const name = nameFromUrl(response.url);
  const type =
    String(response.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase() ?? '';
  if (PAGE_TYPES.includes(type)) {
    if (!deps.screenshotter) throw screenshotUnavailable();
    return { body: await deps.screenshotter(response.url), name: name || new URL(response.url).hostname };
  }
  return { body: response.body, name };
}

function nameFromUrl(url: string): string {
  try {
    return cleanName(decodeURIComponent(new URL(url).pathname));
  } catch {
    return '';
  }
}
