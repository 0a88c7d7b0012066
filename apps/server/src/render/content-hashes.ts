/**
 * Hashes of what a segment's pixels are made from (D75): the bytes of its media files and fonts,
 * and the renderer itself (encoder settings and version, the canvas addon, the WebAssembly).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { catalogueEntry, catalogueFontFiles } from '@reelwright/canvas-node';
import type { FontNeed } from '@reelwright/scene';
import { runTool } from '../ffmpeg/ffmpeg';
import { COVER_WASM } from './cover.wasm';
import { SEGMENT_ENCODER_ARGS } from './encode';
import { RGBA_TO_I420_WASM } from './rgba-to-i420.wasm';
import { hostUrl } from './sources';

/**
 * Hashes by `path size mtime`: a 5-minute clip is read once per process, not once per render.
 * A file rewritten in place with the same size within the clock's resolution would be missed;
 * stored media never are (their keys name new uploads).
 */
const byFile = new Map<string, Promise<string>>();

function hashStream(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Hex SHA-256 of a local file's bytes, or null when it cannot be read. */
export async function fileHash(file: string): Promise<string | null> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  const key = `${file}\0${info.size}\0${info.mtimeMs}`;
  let hash = byFile.get(key);
  if (!hash) {
    hash = hashStream(file);
    byFile.set(key, hash);
    hash.catch(() => byFile.delete(key));
  }
  return hash.catch(() => null);
}

/**
 * `sha256:<hex>` of each media url's bytes (a data: url's own text), as the render reads it
 * (relative to `baseDir`); urls whose file cannot be read are listed as missing.
 */
export async function mediaHashes(
  urls: Iterable<string>,
  baseDir: string,
): Promise<{ hashes: Map<string, string>; missing: string[] }> {
  const hashes = new Map<string, string>();
  const missing: string[] = [];
  for (const url of new Set(urls)) {
    const hash = url.startsWith('data:')
      ? createHash('sha256').update(url).digest('hex')
      : await fileHash(hostUrl(url, baseDir));
    if (hash) hashes.set(url, `sha256:${hash}`);
    else missing.push(url);
  }
  return { hashes, missing };
}

/** The hashes of a font face's files as the Node host registers them (none for an unknown family). */
export async function fontHashes(fonts: FontNeed[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const font of fonts) {
    const key = fontKey(font);
    if (out.has(key)) continue;
    const entry = catalogueEntry(font.family);
    const files = entry ? catalogueFontFiles(entry, font.weight, font.style) : [];
    out.set(key, await Promise.all(files.map(async (file) => (await fileHash(file)) ?? 'unreadable')));
  }
  return out;
}

export const fontKey = (font: FontNeed) => `${font.family} ${font.weight} ${font.style}`;

let ffmpegLine: Promise<string> | null = null;

/** ffmpeg's version line (its encoders and filters come with it), read once per process. */
export function ffmpegVersion(): Promise<string> {
  ffmpegLine ??= runTool('ffmpeg', ['-hide_banner', '-version']).then((out) =>
    (out.toString().split('\n')[0] ?? '').trim(),
  );
  return ffmpegLine;
}

let fingerprint: Promise<string> | null = null;

/**
 * What of the renderer is not in RENDERER_VERSION: ffmpeg's version line (x264 comes with it),
 * the segment encoder's arguments, the canvas addon's version and the WebAssembly modules.
 */
export function rendererFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const version = await ffmpegVersion();
    const canvas = createRequire(import.meta.url)('@napi-rs/canvas/package.json').version as string;
    const wasm = createHash('sha256').update(RGBA_TO_I420_WASM).update(COVER_WASM).digest('hex').slice(0, 16);
    return [version, SEGMENT_ENCODER_ARGS.join(' '), `canvas ${canvas}`, `wasm ${wasm}`].join('; ');
  })();
  return fingerprint;
}
