import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { bundledProgram, FfmpegMissingError, ffmpegReport, findProgram } from './ffmpeg';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

let dir: string;
let empty: string;
let system: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rw-ffmpeg-locate-'));
  empty = await mkdtemp(path.join(dir, 'empty-'));
  system = await mkdtemp(path.join(dir, 'system-'));
  // A program of that name on PATH: a script, since only where it is matters here.
  await writeFile(path.join(system, 'ffmpeg'), '#!/bin/sh\necho system\n', { mode: 0o755 });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

describe('findProgram', () => {
  it('takes the program on PATH first, before the npm-installed copy', () => {
    const found = findProgram('ffmpeg', {
      searchPath: [empty, system].join(path.delimiter),
      bundled: () => bundledProgram('ffmpeg'),
    });
    expect(found).toEqual({ path: path.join(system, 'ffmpeg'), source: 'system' });
  });

  it.each(['ffmpeg', 'ffprobe'] as const)('falls back to the %s that npm installed, which runs', async (program) => {
    const found = findProgram(program, { searchPath: empty });
    expect(found.source).toBe('bundled');
    const platform = `${process.platform}-${process.arch}`;
    const packageDir = program === 'ffmpeg' ? '@ffmpeg-installer' : '@ffprobe-installer';
    expect(found.path).toBe(path.join(repoRoot, 'node_modules', packageDir, platform, program));
    const { stdout } = await run(found.path, ['-hide_banner', '-version']);
    expect(stdout).toMatch(new RegExp(`^${program} version `));
  });

  it('marks the npm-installed copy executable when install scripts did not run', async () => {
    const copy = path.join(dir, 'unmarked-ffprobe');
    await writeFile(copy, '#!/bin/sh\n', { mode: 0o644 });
    await chmod(copy, 0o644);
    expect(executable(copy)).toBe(false);
    expect(findProgram('ffprobe', { searchPath: empty, bundled: () => copy })).toEqual({
      path: copy,
      source: 'bundled',
    });
    expect(executable(copy)).toBe(true);
  });

  it('without either, throws a 503 ffmpeg_missing that names the program and what to install', () => {
    const find = () => findProgram('ffprobe', { searchPath: empty, bundled: () => null });
    expect(find).toThrow(FfmpegMissingError);
    try {
      find();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ statusCode: 503, code: 'ffmpeg_missing' });
      const message = (error as Error).message;
      expect(message).toContain('ffprobe is not installed');
      expect(message).toContain('apt-get install ffmpeg');
      expect(message).toContain('npm install');
    }
  });
});

describe('ffmpegReport', () => {
  it('names the path and version line of each program', async () => {
    const report = await ffmpegReport();
    expect(report.ok).toBe(true);
    expect(report.message).toMatch(
      /^ffmpeg: \/\S+ \((system|bundled); ffmpeg version .+; ffprobe: \/\S+ \((system|bundled); ffprobe version /,
    );
  });
});
