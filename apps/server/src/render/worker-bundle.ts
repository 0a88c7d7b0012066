/**
 * The chunk worker's entry as one JavaScript file. A Worker started on the TypeScript sources
 * loads each of some hundred modules through tsx's loader hooks, which run on another thread in
 * Node 20: about 0.3 s before every render's first frame. esbuild bundles `chunk-worker.ts` with
 * the workspace packages once per process instead (about 0.2 s), and every Worker loads the one
 * file (docs/benchmarks.md, round 4).
 *
 * The bundle is written under the server's node_modules/.cache, named by a hash of its content,
 * so processes share it, a changed source makes a new one, and the canvas addon and the font
 * files (left outside the bundle) resolve from there as they do from the sources.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const CACHE = fileURLToPath(new URL('../../node_modules/.cache/reelwright/', import.meta.url));

let entry: Promise<URL> | null = null;

/**
 * The url of the bundled chunk worker, built on first use. Asynchronous: esbuild works in its own
 * process, so a server's event loop keeps answering requests while the first render builds it.
 */
export function chunkWorkerUrl(): Promise<URL> {
  entry ??= bundle();
  // A failed build is not cached: the next render tries again.
  entry.catch(() => {
    entry = null;
  });
  return entry;
}

/**
 * Starts building the bundle in the background, for a process that will render (`serve` with its
 * in-process worker, the `worker` role): its first render then does not wait for it (about
 * 0.2 s). A failed build is retried by that render. Not done by `startRenderWorker` itself, so
 * the many test apps that never render do not each build it.
 */
export function prebuildChunkWorker(): void {
  chunkWorkerUrl().catch(() => {});
}

async function bundle(): Promise<URL> {
  const { outputFiles } = await build({
    entryPoints: [fileURLToPath(new URL('./chunk-worker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The native addon and the font files are found at run time, not bundled.
    external: ['@napi-rs/canvas', '@fontsource/*', '@fontsource-variable/*'],
    write: false,
    logLevel: 'silent',
  });
  const code = outputFiles[0]!.contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const file = path.join(CACHE, `chunk-worker.${hash}.mjs`);
  if (
    !(await access(file).then(
      () => true,
      () => false,
    ))
  ) {
    await mkdir(CACHE, { recursive: true });
    // Written whole and renamed into place: another process may be reading or writing it too.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, code);
    await rename(partial, file);
  }
  return pathToFileURL(file);
}
