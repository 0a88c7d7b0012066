/**
 * `reelwright render project.json out.mp4 [--width N] [--height N] [--fps N] [--chunks N]
 * [--thumbnail file.jpg]`: the render pipeline without a server (DESIGN §7), for tests,
 * benchmarks and support.
 */
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { upgradeProjectData } from '@reelwright/core';
import type { RenderCommandConfig } from '../config';
import { createMediaResolver } from './media-resolver';
import { renderMovie } from './pipeline';

const USAGE =
  'Usage: render <project.json> <out.mp4> [--width N] [--height N] [--fps N] [--chunks N] [--thumbnail file.jpg]';

/** A project document that no upgrade can read: rendering it again will not help. */
export class InvalidProjectDocumentError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid project document:\n${issues.join('\n')}`);
    this.name = 'InvalidProjectDocumentError';
  }
}

/**
 * The movie of a JSON document: a project document `{ schemaVersion, wizard, video }` (upgraded
 * to the current version) or a bare movie (validated by the pipeline). Throws
 * InvalidProjectDocumentError for a project document that does not upgrade.
 */
export function movieOf(document: unknown): unknown {
  const isProject =
    document !== null && typeof document === 'object' && ('video' in document || 'schemaVersion' in document);
  if (!isProject) return document;
  const upgraded = upgradeProjectData(document);
  if (!upgraded.ok) {
    throw new InvalidProjectDocumentError(
      upgraded.issues.map((i) => `${i.path.join('.') || '(document)'}: ${i.message}`),
    );
  }
  return upgraded.data.video;
}

const positive = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, not '${value}'`);
  return n;
};

/** Runs the render command; returns the process exit code. */
export async function runRender(args: string[], config: RenderCommandConfig): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      width: { type: 'string' },
      height: { type: 'string' },
      fps: { type: 'string' },
      chunks: { type: 'string' },
      thumbnail: { type: 'string' },
    },
  });
  if (positionals.length !== 2) {
    console.error(USAGE);
    return 2;
  }
  const here = (p: string) => path.resolve(config.invokedFrom, p);
  const [input, output] = positionals.map(here) as [string, string];
  const movie = movieOf(JSON.parse(await readFile(input, 'utf8')));
  let lastPercent = -1;
  const result = await renderMovie({
    movie,
    output,
    width: positive('width', values.width),
    height: positive('height', values.height),
    fps: positive('fps', values.fps),
    chunks: positive('chunks', values.chunks),
    thumbnail: values.thumbnail ? here(values.thumbnail) : undefined,
    // The operator's own files: paths in the document are read relative to it.
    localFiles: path.dirname(input),
    // Remote media (http(s) urls) is downloaded once into a cache shared by later runs.
    resolveMedia: createMediaResolver({
      cacheDir: path.join(tmpdir(), 'reelwright-media-cache'),
      policy: config.fetch,
    }),
    onProgress: ({ frame, frames }) => {
      const percent = Math.floor((frame / frames) * 10) * 10;
      if (percent === lastPercent) return;
      lastPercent = percent;
      console.error(`render: ${percent}% (${frame}/${frames} frames)`);
    },
  });
  const speed = result.duration / result.renderSeconds;
  console.log(
    `Rendered ${output}: ${result.duration.toFixed(2)} s, ${result.frames} frames, ` +
      `${(result.bytes / 1e6).toFixed(2)} MB in ${result.renderSeconds.toFixed(2)} s (${speed.toFixed(2)}× real time, ${result.chunks} chunk${result.chunks === 1 ? '' : 's'})`,
  );
  return 0;
}
