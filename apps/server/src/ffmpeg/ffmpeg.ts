/**
 * ffmpeg and ffprobe as child processes. They are GPL programs: Reelwright only ever runs them,
 * never links or imports them. The system's copies are used when on PATH, else the static builds
 * the npm packages `@ffmpeg-installer/ffmpeg` and `@ffprobe-installer/ffprobe` install (D33).
 */
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import path from 'node:path';
import { AppError } from '../errors';

/** Paths of the two programs. */
export type FfmpegTools = { ffmpeg: string; ffprobe: string };
export type FfmpegProgram = keyof FfmpegTools;

/** Where a program was found: on PATH, or the copy an npm package installed. */
export type FoundProgram = { path: string; source: 'system' | 'bundled' };

/** Where to look: the PATH to search and the npm-installed copy of a program (null: none). */
export type ProgramSearch = { searchPath?: string; bundled?: (program: FfmpegProgram) => string | null };

/**
 * ffmpeg or ffprobe is neither on PATH nor installed by npm. A 503 with code `ffmpeg_missing`
 * whose message says what to install, so the member sees it instead of a generic failure.
 */
export class FfmpegMissingError extends AppError {
  constructor(program: FfmpegProgram) {
    super(
      503,
      'ffmpeg_missing',
      `This server cannot make audio or video: ${program} is not installed. Install ffmpeg ` +
        '(`apt-get install ffmpeg`) or reinstall the npm dependencies (`npm install`, which brings a copy).',
    );
    this.name = 'FfmpegMissingError';
  }
}

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function onPath(program: string, searchPath: string): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    const candidate = dir && path.join(dir, program);
    if (candidate && isExecutable(candidate)) return candidate;
  }
  return null;
}

const packageOf: Record<FfmpegProgram, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

/**
 * The npm-installed copy of a program, or null. Each package picks the binary of this platform
 * from its optional dependencies and throws when there is none (another platform, or optional
 * dependencies left out), hence the lazy require.
 */
export function bundledProgram(program: FfmpegProgram): string | null {
  try {
    const found = createRequire(import.meta.url)(packageOf[program]) as { path?: unknown };
    return typeof found.path === 'string' ? found.path : null;
  } catch {
    return null;
  }
}

/**
 * The program on `searchPath` (default PATH), else its npm-installed copy; throws
 * FfmpegMissingError when neither exists. The packages mark their binary executable in a
 * postinstall script, which `npm install --ignore-scripts` skips: that is done here instead.
 */
export function findProgram(program: FfmpegProgram, search: ProgramSearch = {}): FoundProgram {
  const system = onPath(program, search.searchPath ?? process.env.PATH ?? '');
  if (system) return { path: system, source: 'system' };
  const bundled = (search.bundled ?? bundledProgram)(program);
  if (bundled && !isExecutable(bundled)) {
    try {
      chmodSync(bundled, 0o755);
    } catch {
      // not ours to change: reported as missing below
    }
  }
  if (bundled && isExecutable(bundled)) return { path: bundled, source: 'bundled' };
  throw new FfmpegMissingError(program);
}

let located: FfmpegTools | null = null;

/**
 * The ffmpeg and ffprobe to run, found once; throws FfmpegMissingError naming the one missing
 * (and looks again on the next call, so installing ffmpeg needs no restart).
 */
export function locateFfmpeg(): FfmpegTools {
  located ??= { ffmpeg: findProgram('ffmpeg').path, ffprobe: findProgram('ffprobe').path };
  return located;
}

/** What the server start logs: which ffmpeg and ffprobe it runs (path, origin, version line), or what is missing. */
export async function ffmpegReport(): Promise<{ ok: boolean; message: string }> {
  try {
    const lines = await Promise.all(
      (['ffmpeg', 'ffprobe'] as const).map(async (program) => {
        const found = findProgram(program);
        const version = (await runTool(program, ['-hide_banner', '-version'], AbortSignal.timeout(10_000)))
          .toString()
          .split('\n', 1)[0];
        return `${program}: ${found.path} (${found.source}; ${version})`;
      }),
    );
    return { ok: true, message: lines.join('; ') };
  } catch (error) {
    return { ok: false, message: `Rendering and speech will fail: ${(error as Error).message}` };
  }
}

/** The last lines of a program's error output, for error messages. */
export function stderrTail(stderr: string, lines = 8): string {
  return stderr.trim().split('\n').slice(-lines).join('\n');
}

/** How a program runs: `background` lowers its CPU priority, for work no request waits on. */
export type RunOptions = { background?: boolean };

/** Niceness of background work: interactive requests get the cores first. */
const BACKGROUND_NICENESS = 10;

/**
 * Runs ffmpeg or ffprobe to completion and returns its standard output; rejects with the tail
 * of its error output when it exits with a failure. Aborting `signal` kills it (and rejects).
 */
export function runTool(
  program: FfmpegProgram,
  args: string[],
  signal?: AbortSignal,
  options: RunOptions = {},
): Promise<Buffer> {
  const child = spawn(locateFfmpeg()[program], args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
  if (options.background && child.pid) {
    try {
      setPriority(child.pid, BACKGROUND_NICENESS);
    } catch {
      // not permitted here: it runs at normal priority
    }
  }
  const out: Buffer[] = [];
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${program} exited with ${code}: ${stderrTail(err)}`));
    });
  });
}
