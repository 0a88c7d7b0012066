import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../ffmpeg/probe';
import { EXIT_BAD_INPUT } from './make-cli';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `main.ts make …` as `npm run make` does, offline (no keys, no keyless web sources). */
function make(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/main.ts', 'make', ...args],
      { cwd: serverDir, env: { ...process.env, ARTICLES_KEYLESS: '0', INIT_CWD: serverDir }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run make (issue 22, D71)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rw-make-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('makes a narrated MP4 from a text file without a server, printing its progress', async () => {
    const text = path.join(dir, 'owls.txt');
    await writeFile(text, 'Owls at Night\n\nOwls hunt in the dark. Their soft feathers make no sound.\n');
    const out = path.join(dir, 'owls.mp4');
    const run = await make(['--text-file', text, '--out', out, '--size', '720p', '--shape', 'square']);
    expect(run.stderr).toContain('4/6 narration: 3/3');
    expect(run.stderr).toContain('6/6 render: 100%');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Made .*owls\.mp4: 'Owls at Night', 3 slides, /);
    const probe = await probeMedia(out);
    expect(probe.streams.find((s) => s.type === 'video')).toMatchObject({ width: 720, height: 720 });
    expect(probe.streams.some((s) => s.type === 'audio')).toBe(true);
    expect(probe.duration).toBeGreaterThan(2);
  }, 120_000);

  it.each([
    [['--out', 'x.mp4'], 'Give exactly one of --text-file, --url or --keyword.'],
    [['--text-file', 'missing.txt', '--out', 'x.mp4'], 'Cannot read the text file'],
    [['--text-file', 'a.txt'], 'Give the video to write with --out video.mp4.'],
    [['--url', 'nota url', '--out', 'x.mp4'], 'url: Enter the address of a web page (http or https).'],
    [['--colour', 'red'], "Unknown option '--colour'"],
  ])('refuses %j with exit code 2 and says why', async (args, message) => {
    const run = await make(args);
    expect(run.code).toBe(EXIT_BAD_INPUT);
    expect(run.stderr).toContain(message);
  });
});
