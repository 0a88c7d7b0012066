/**
 * The re-render benchmark (issue 23, D75; docs/benchmarks.md "Re-rendering after an edit"): a
 * 5-minute video (slides-60's twelve slides five times over, 1080p30) rendered in full into an
 * empty segment store, then again after one slide's text changed. The ratio of the two, measured
 * in one run, is what counts (target < 10 %). `BENCH_PLAIN=1` also renders it without a store,
 * as before D75, to show what the segments cost a first render.
 * Run: `npm run bench -w apps/server` (all benches) or
 * `node --single-threaded-gc --expose-gc --import tsx bench/rerender.bench.ts` in apps/server.
 */
import '../src/render/allocator';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderMovie } from '../src/render/pipeline';
import { createSegmentCache, memorySegmentIndex } from '../src/render/segment-cache';
import { chunkWorkerUrl } from '../src/render/worker-bundle';
import { createDiskStore } from '../src/storage/disk-store';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.join(here, '../../../bench/projects/slides-60.json');
const REPEAT = 5;

type Slide = { id: string; items: { type: string; paragraphs?: { runs: { text: string }[] }[] }[] };

async function main() {
  const source = JSON.parse(await readFile(project, 'utf8')) as { frames: Slide[] };
  const frames = Array.from({ length: REPEAT }, (_, r) =>
    source.frames.map((frame) => ({ ...structuredClone(frame), id: `${frame.id}-${r}` })),
  ).flat();
  const movie = { ...source, frames };
  const edited = structuredClone(movie);
  const slide = Math.floor(frames.length / 2);
  const text = edited.frames[slide]!.items.find((item) => item.type === 'text');
  if (!text?.paragraphs?.[0]?.runs[0]) throw new Error('slides-60 has no text to edit');
  text.paragraphs[0].runs[0].text += ' (edited)';
  console.log(
    `re-render bench: slides-60 × ${REPEAT} (${frames.length} slides), 1080p30, ${availableParallelism()} cores`,
  );
  await chunkWorkerUrl();
  const dir = await mkdtemp(path.join(tmpdir(), 'reelwright-rerender-'));
  try {
    const segments = createSegmentCache({
      files: createDiskStore(path.join(dir, 'store')),
      index: memorySegmentIndex(),
      eviction: { maxAgeSeconds: 86_400, maxBytes: 1e12, protectSeconds: 3600 },
    });
    const render = (m: unknown, withStore: boolean) =>
      renderMovie({
        movie: m,
        output: path.join(dir, 'out.mp4'),
        localFiles: path.dirname(project),
        ...(withStore ? { segments } : {}),
      });
    const line = (name: string, r: Awaited<ReturnType<typeof renderMovie>>) =>
      console.log(
        `  ${name.padEnd(26)} ${r.renderSeconds.toFixed(2).padStart(8)} s, ${r.framesDrawn} of ${r.frames} frames drawn` +
          (r.segments ? `, segments ${r.segments.reused} reused of ${r.segments.total}` : '') +
          `, ${(r.bytes / 1e6).toFixed(2)} MB`,
      );
    if (process.env.BENCH_PLAIN === '1') line('full, no store (chunks)', await render(movie, false));
    const full = await render(movie, true);
    line('full, empty store', full);
    const again = await render(edited, true);
    line('after editing one slide', again);
    const ratio = again.renderSeconds / full.renderSeconds;
    console.log(
      `  re-render / full render: ${(ratio * 100).toFixed(1)} %   target < 10 %   ${ratio < 0.1 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
