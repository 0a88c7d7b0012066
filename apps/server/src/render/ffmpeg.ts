/**
 * ffmpeg and ffprobe as child processes. They are GPL programs: Reelwright only ever runs them,
 * never links or imports them.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** Paths of the two programs. */
export type FfmpegTools = { ffmpeg: string; ffprobe: string };

/** ffmpeg or ffprobe is not installed. */
export class FfmpegMissingError extends Error {
  constructor(program: string) {
    super(`${program} was not found on PATH. Rendering needs ffmpeg: install it (e.g. \`apt-get install ffmpeg\`).`);
    this.name = 'FfmpegMissingError';
  }
}

function onPath(program: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

let located: FfmpegTools | null = null;

/** The system ffmpeg and ffprobe on PATH; throws FfmpegMissingError naming the one missing. */
export function locateFfmpeg(): FfmpegTools {
  if (located) return located;
  const ffmpeg = onPath('ffmpeg');
  if (!ffmpeg) throw new FfmpegMissingError('ffmpeg');
  const ffprobe = onPath('ffprobe');
  if (!ffprobe) throw new FfmpegMissingError('ffprobe');
  located = { ffmpeg, ffprobe };
  return located;
}

/** The last lines of a program's error output, for error messages. */
export function stderrTail(stderr: string, lines = 8): string {
  return stderr.trim().split('\n').slice(-lines).join('\n');
}

/**
 * Runs ffmpeg or ffprobe to completion and returns its standard output; rejects with the tail
 * of its error output when it exits with a failure. Aborting `signal` kills it (and rejects).
 */
export function runTool(program: keyof FfmpegTools, args: string[], signal?: AbortSignal): Promise<Buffer> {
  const child = spawn(locateFfmpeg()[program], args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
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
