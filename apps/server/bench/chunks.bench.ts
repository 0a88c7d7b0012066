/**
 * Split renders across worker processes (issue 23 part 2, D76; docs/benchmarks.md "Long videos
 * across worker processes"): a long video (slides-60 played BENCH_REPEAT times, 1080p30, its
 * media stored in S3) rendered through the queue by 1 and 2 `npm run worker` processes sharing a
 * throwaway PostgreSQL and the testkit's S3 on loopback, and once unsplit as the baseline. Prints
 * the wall time from queueing to done, each chunk's time and worker, the join's time, and the
 * time expected on N machines worked out from the chunk times.
 * Run: `npm run bench:chunks -w apps/server`. BENCH_REPEAT (default 2: 120 s of video),
 * BENCH_CHUNK_SECONDS (default 30), BENCH_WORKERS (default `1,2`).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Movie, ProjectData } from '@reelwright/core';
import { createTestDatabase, startFakeS3, startPostgres, startWorkerProcess } from '@reelwright/testkit';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { saveProject } from '../src/projects/service';
import { queueRender, renderStatus } from '../src/renders/service';
import { renderChunks, renderSplits } from '../src/renders/tables';
import { createFileStore } from '../src/storage';
import { buildMember, buildProjectData } from '../test/factories';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const projectFile = path.join(repoRoot, 'bench/projects/slides-60.json');
const REPEAT = Number(process.env.BENCH_REPEAT ?? 2);
const CHUNK_SECONDS = Number(process.env.BENCH_CHUNK_SECONDS ?? 30);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const FPS = 30;

/** slides-60 played `repeat` times, its media as `/media/uploads/…` urls stored in `upload`. */
async function longMovie(repeat: number, upload: (file: string, key: string) => Promise<void>): Promise<Movie> {
  const movie = JSON.parse(await readFile(projectFile, 'utf8')) as Movie;
  const urls = new Map<string, string>();
  const text = JSON.stringify(movie).replace(/"url":"(media\/[^"]+)"/g, (_, url: string) => {
    const key = `uploads/bench-${path.basename(url)}`;
    urls.set(url, key);
    return `"url":"/media/${key}"`;
  });
  for (const [url, key] of urls) await upload(path.join(path.dirname(projectFile), url), key);
  const stored = JSON.parse(text) as Movie;
  return {
    ...stored,
    frames: Array.from({ length: repeat }, (_, r) =>
      stored.frames.map((frame) => ({ ...frame, id: `${frame.id}-${r + 1}` })),
    ).flat(),
  };
}

type Run = {
  label: string;
  workers: number;
  wallSeconds: number;
  chunks: { index: number; frames: number; seconds: number; worker: string }[];
  joinSeconds: number | null;
};

async function main() {
  const postgres = await startPostgres();
  const credentials = { accessKeyId: 'AKIDBENCH', secretAccessKey: 'bench-secret' };
  const s3 = await startFakeS3({ ...credentials, bucket: 'bench' });
  const database = await createTestDatabase(postgres.url);
  const shared = {
    DATABASE_URL: database.url,
    RENDER_TIMEOUT_SECONDS: '1800',
    STORAGE: 's3',
    S3_BUCKET: 'bench',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const config = loadConfig({
    ...shared,
    DATA_DIR: await mkdtemp(path.join(tmpdir(), 'rw-bench-')),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    WEB_DIST: path.join(tmpdir(), 'rw-no-web-dist'),
    RENDER_WORKERS_IN_PROCESS: '0',
  });
  const app = await buildApp(config, { logger: false });
  const store = createFileStore(config);
  const movie = await longMovie(REPEAT, async (file, key) => {
    await store.put(key, file, key.endsWith('.mp3') ? 'audio/mpeg' : 'image/jpeg');
  });
  const seconds = movie.frames.reduce((sum, f) => sum + f.duration, 0);
  const { member } = await buildMember(app);

  async function render(label: string, workerCount: number, chunkSeconds: number): Promise<Run> {
    const workers: ChildProcess[] = [];
    for (let i = 0; i < workerCount; i++)
      workers.push(
        await startWorkerProcess({ ...shared, LOG_LEVEL: 'info', RENDER_CHUNK_SECONDS: String(chunkSeconds) }, [
          '--single-threaded-gc',
          '--expose-gc',
        ]),
      );
    try {
      const data = buildProjectData({ video: movie } as Partial<ProjectData>);
      const project = await saveProject(app.db, {
        userId: member.id,
        input: { name: label, category: 'project', data_json: JSON.stringify(data) },
      });
      const started = performance.now();
      const queued = await queueRender(app.db, app.queue, {
        userId: member.id,
        projectId: project.id,
        settings: { timeoutSeconds: 1800, fps: FPS },
      });
      let row = await renderStatus(app.db, { userId: member.id, renderJobId: queued.id });
      while (row.status !== 'done' && row.status !== 'failed') {
        await new Promise((resolve) => setTimeout(resolve, 250));
        row = await renderStatus(app.db, { userId: member.id, renderJobId: queued.id });
      }
      const wallSeconds = (performance.now() - started) / 1000;
      if (row.status === 'failed') throw new Error(`${label}: the render failed: ${row.error}`);
      const chunks = await app.db.select().from(renderChunks).where(eq(renderChunks.renderJobId, row.id));
      const [split] = await app.db.select().from(renderSplits).where(eq(renderSplits.renderJobId, row.id));
      const lastChunk = Math.max(...chunks.map((c) => c.updatedAt.getTime()));
      // A chunk's worker is `host:pid:random` (D87).
      const workerOf = (id: string | null) => {
        const i = workers.findIndex((w) => id?.startsWith(`${hostname()}:${w.pid}:`));
        return i < 0 ? String(id) : `worker ${i + 1}`;
      };
      return {
        label,
        workers: workerCount,
        wallSeconds,
        chunks: chunks
          .sort((a, b) => a.index - b.index)
          .map((c) => ({
            index: c.index,
            frames: c.endFrame - c.firstFrame,
            seconds: c.renderSeconds ?? Number.NaN,
            worker: workerOf(c.worker),
          })),
        joinSeconds: split && row.finishedAt ? (row.finishedAt.getTime() - lastChunk) / 1000 : null,
      };
    } finally {
      await Promise.all(workers.map(stopWorker));
    }
  }

  console.log(`${seconds} s of 1080p${FPS} video (slides-60 × ${REPEAT}), media in S3, chunks of ${CHUNK_SECONDS} s`);
  const runs: Run[] = [await render('unsplit, 1 worker', 1, 0)];
  for (const count of WORKER_COUNTS) runs.push(await render(`split, ${count} worker(s)`, count, CHUNK_SECONDS));
  for (const run of runs) {
    console.log(
      `\n${run.label}: ${run.wallSeconds.toFixed(1)} s from queueing to done (${(seconds / run.wallSeconds).toFixed(2)}× real time)`,
    );
    for (const c of run.chunks)
      console.log(`  chunk ${c.index}: ${c.frames} frames in ${c.seconds.toFixed(1)} s on ${c.worker}`);
    if (run.joinSeconds !== null)
      console.log(`  join (sound mixed, segments joined, MP4 stored): ${run.joinSeconds.toFixed(1)} s`);
  }
  const alone = runs.find((r) => r.workers === 1 && r.chunks.length > 1);
  if (alone && runs[0]) projection(alone, runs[0], seconds);
  console.log(`\n${JSON.stringify(runs)}`);

  await app.close();
  await s3.close();
  await database.drop();
  await postgres.stop();
}

/**
 * The time on N machines like this one, one worker each, from the chunk times measured with one
 * worker (each chunk had the machine to itself). First with the same chunks: the split's
 * overhead (everything but chunks and join), the chunks handed out longest first to whichever
 * machine is free, then the join. Then with one chunk per machine (RENDER_CHUNK_SECONDS set to
 * the length over N): each chunk pays a fixed cost (worker thread, assets, upload), estimated as
 * what the split run took over the unsplit one, per chunk; the drawing itself divides by N.
 */
function projection(run: Run, unsplit: Run, seconds: number) {
  const chunkTotal = run.chunks.reduce((sum, c) => sum + c.seconds, 0);
  const join = run.joinSeconds ?? 0;
  const overhead = run.wallSeconds - chunkTotal - join;
  const perChunk = Math.max(0, (run.wallSeconds - unsplit.wallSeconds) / run.chunks.length);
  const drawing = chunkTotal - perChunk * run.chunks.length;
  const line = (machines: number, total: number) =>
    `  ${machines} machine(s): ${total.toFixed(1)} s (${(seconds / total).toFixed(2)}× real time)`;
  console.log(
    `\nExpected on N machines with these ${run.chunks.length} chunks (overhead ${overhead.toFixed(1)} s, join ${join.toFixed(1)} s):`,
  );
  for (const machines of [1, 2, 4]) {
    const free = new Array(machines).fill(0) as number[];
    for (const c of [...run.chunks].sort((a, b) => b.seconds - a.seconds)) {
      const next = free.indexOf(Math.min(...free));
      free[next] = (free[next] ?? 0) + c.seconds;
    }
    console.log(line(machines, overhead + Math.max(...free) + join));
  }
  console.log(
    `Expected with one chunk per machine (fixed cost ${perChunk.toFixed(1)} s a chunk, drawing ${drawing.toFixed(1)} s in all):`,
  );
  for (const machines of [2, 4, 8, 16]) console.log(line(machines, overhead + perChunk + drawing / machines + join));
}

/** Starts `npm run worker`'s command with a data folder of its own; resolves once it takes jobs. */
async function stopWorker(worker: ChildProcess): Promise<void> {
  if (worker.exitCode !== null) return;
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.kill('SIGTERM');
  await exited;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
