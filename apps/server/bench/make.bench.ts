/**
 * The make command's benchmark (issue 22, D71): `npm run make` on the 400-word article
 * `bench/articles/urban-beekeeping.txt` at 1080p, offline, as a user runs it — the command's
 * start, the in-memory database, slides, pictures, eSpeak narration of every line and the render.
 * Prints the wall time of the whole command and when each stage began. Target: under 90 s.
 * Run: `npm run bench -w apps/server` or `node --import tsx bench/make.bench.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const article = path.resolve(serverDir, '../../bench/articles/urban-beekeeping.txt');
const dir = await mkdtemp(path.join(tmpdir(), 'rw-make-bench-'));
const out = path.join(dir, 'beekeeping.mp4');

const started = performance.now();
const stageStarts: string[] = [];
const seen = new Set<string>();
const code = await new Promise<number>((resolve) => {
  const child = spawn(
    process.execPath,
    [
      ...['--single-threaded-gc', '--expose-gc', '--import', 'tsx', 'src/main.ts', 'make'],
      ...['--text-file', article, '--out', out, '--size', '1080p'],
    ],
    { cwd: serverDir, env: { ...process.env, ARTICLES_KEYLESS: '0' }, stdio: ['ignore', 'inherit', 'pipe'] },
  );
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) {
      const stage = /^\d\/\d (\w+):/.exec(line)?.[1];
      if (!stage || seen.has(stage)) continue;
      seen.add(stage);
      stageStarts.push(`${stage} at ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  });
  child.on('exit', (exitCode) => resolve(exitCode ?? 1));
});
const wall = (performance.now() - started) / 1000;
await rm(dir, { recursive: true, force: true });
if (code !== 0) throw new Error(`make exited with ${code}`);
console.log(`make, 400-word text file → 1920×1080 MP4, offline: ${wall.toFixed(1)} s (target < 90 s)`);
console.log(`  stages began: ${stageStarts.join(', ')}`);
