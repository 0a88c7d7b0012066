/**
 * The image proxy (000 image proxy, issue 6): a remote image fetched through the guarded client,
 * turned upright, shrunk to at most `w` pixels wide, re-encoded (WebP when the browser takes it,
 * else JPEG) and kept in the file store as `proxy/<sha256>.<ext>`. Any failure answers a neutral
 * placeholder instead, so pages never show a broken image.
 */
import { createHash } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { type FetchPolicy, FetchRefusedError, guardedFetch } from '../net/guarded-fetch';
import type { FileStore } from '../storage';
import { IMAGE_INPUT_LIMITS, imageSizeProblem } from './image-limits';
import { uploadWorkspace } from './workspace';

/** Bump when the encoding changes: it is part of the cache key. */
const PROXY_VERSION = 1;
const DECODABLE = new Set(['jpg', 'png', 'webp', 'gif', 'avif', 'tiff', 'bmp']);

export type ProxyFormat = 'webp' | 'jpeg';
export type ProxyDeps = { files: FileStore; fetchPolicy: FetchPolicy; maxBytes: number; timeoutMs?: number };

/** Why the placeholder was answered (the `X-Image-Proxy-Reason` header). */
export type ProxyFailure = 'refused' | 'not_found' | 'not_image' | 'too_large' | 'unreachable' | 'undecodable';

export class ImageProxyError extends Error {
  constructor(
    readonly reason: ProxyFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ImageProxyError';
  }
}

export const proxyContentType = (format: ProxyFormat) => (format === 'webp' ? 'image/webp' : 'image/jpeg');

/** The store key for one URL, width and format. */
export function proxyKey(url: string, width: number, format: ProxyFormat): string {
  const hash = createHash('sha256').update(`${PROXY_VERSION}\n${width}\n${format}\n${url}`).digest('hex');
  return `proxy/${hash}.${format === 'webp' ? 'webp' : 'jpg'}`;
}

/** Answers the store key of the resized image, fetching and storing it unless it is cached. */
export async function proxiedImage(
  deps: ProxyDeps,
  options: { url: string; width: number; format: ProxyFormat },
): Promise<string> {
  const key = proxyKey(options.url, options.width, options.format);
  if (await deps.files.exists(key)) return key;
  const body = await fetchImage(deps, options.url);
  await checkSize(body);
  let output: Buffer;
  try {
    const image = sharp(body, { failOn: 'truncated', animated: false, ...IMAGE_INPUT_LIMITS })
      .autoOrient()
      .resize({ width: options.width, withoutEnlargement: true });
    output = await (options.format === 'webp'
      ? image.webp({ quality: 80 })
      : image.flatten({ background: '#ffffff' }).jpeg({ quality: 82 })
    ).toBuffer();
  } catch (error) {
    throw new ImageProxyError('undecodable', `The image could not be decoded: ${(error as Error).message}`);
  }
  const work = await uploadWorkspace();
  try {
    const file = `${work.dir}/image`;
    await writeFile(file, output);
    await deps.files.put(key, file, proxyContentType(options.format));
    await rm(file, { force: true });
  } finally {
    await work.done();
  }
  return key;
}

/** Refuses, from the header alone, a picture too large to decode (only its first frame is). */
async function checkSize(body: Buffer): Promise<void> {
  let problem: string | undefined;
  try {
    const { width, height } = await sharp(body, { limitInputPixels: false }).metadata();
    problem = imageSizeProblem({ width, height });
  } catch (error) {
    throw new ImageProxyError('undecodable', `The image could not be read: ${(error as Error).message}`);
  }
  if (problem) throw new ImageProxyError('too_large', problem);
}

async function fetchImage(deps: ProxyDeps, url: string): Promise<Buffer> {
  let response: Awaited<ReturnType<typeof guardedFetch>>;
  try {
    response = await guardedFetch(
      url,
      {
        accept: ['image/*'],
        maxBytes: deps.maxBytes,
        timeoutMs: deps.timeoutMs ?? 10_000,
        headers: { accept: 'image/*' },
      },
      deps.fetchPolicy,
    );
  } catch (error) {
    if (error instanceof FetchRefusedError) {
      const reason: ProxyFailure =
        error.reason === 'content_type' ? 'not_image' : error.reason === 'too_large' ? 'too_large' : 'refused';
      throw new ImageProxyError(reason, error.message);
    }
    throw new ImageProxyError('unreachable', (error as Error).message);
  }
  if (response.status !== 200) throw new ImageProxyError('not_found', `The image answered HTTP ${response.status}.`);
  // The content type is the server's word; the bytes decide (an SVG is not decoded here).
  const type = await fileTypeFromBuffer(response.body);
  if (!type || !DECODABLE.has(type.ext)) {
    throw new ImageProxyError('not_image', `Not a raster image (${type?.mime ?? 'unknown bytes'}).`);
  }
  return response.body;
}

let placeholder: Promise<Buffer> | undefined;

/** A plain light-grey 16:9 PNG (320×180), made once. */
export function placeholderImage(): Promise<Buffer> {
  placeholder ??= sharp({ create: { width: 320, height: 180, channels: 3, background: '#d4d4d8' } })
    .png()
    .toBuffer();
  return placeholder;
}
