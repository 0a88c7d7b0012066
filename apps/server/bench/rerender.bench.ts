/**
 * The re-render benchmark (issue 23, D75; issue 31, D82; docs/benchmarks.md "Re-rendering
 * after an edit"): a 5-minute video (slides-60's twelve slides five times over, 1080p30) rendered
 * in full into an empty segment store, then again after one slide's text changed, then again
 * with nothing changed. The ratios to the full render, measured in one run, are what count
 * (target < 5 % for the edit). It runs on two contents: the project's own pictures, and
 * photo-like ones (full-frame detailed, noisy JPEGs generated here, which make x264 work hard);
 * `BENCH_CONTENT=project` or `photo` runs one. `BENCH_PLAIN=1` also renders without a store, as
 * before D75, to show what the segments cost a first render.
 * Run: `npm run bench -w apps/server` (all benches) or
 * `node --single-threaded-gc --expose-gc --import tsx bench/rerender.bench.ts` in apps/server.
 */
import '../src/render/allocator';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTool } from '../src/ffmpeg/ffmpeg';
import { renderMovie } from '../src/render/pipeline';
import { createSegmentCache, memorySegmentIndex } from '../src/render/segment-cache';
import { chunkWorkerUrl } from '../src/render/worker-bundle';
import { createDiskStore } from '../src/storage/disk-store';

const here = path.dirname(fileURLToPath(import.meta.url));
const projectDir = path.join(here, '../../../bench/projects');
const project = path.join(projectDir, 'slides-60.json');
const REPEAT = 5;

type Slide = { id: string; items: { type: string; url?: string; paragraphs?: { runs: { text: string }[] }[] }[] };

/**
 * A photo-like 1920×1080 JPEG: smooth light and colour over strong grain, different for each
 * `seed` (about 0.9 MB at q 3, where the project's pictures are about 80 KB).
 */
async function photoLike(file: string, seed: number) {
  const a = 31 + seed * 7;
  const b = 23 + seed * 5;
  const lum = `128+70*sin(X/${a}+${seed})*cos(Y/${b}+X/97)+50*(random(1)-0.5)`;
  const cb = `128+40*sin(Y/${a + 40}+${seed})+20*(random(2)-0.5)`;
  const cr = `128+40*cos(X/${b + 60}+${seed})+20*(random(3)-0.5)`;
  await runTool('ffmpeg', [
    ...['-v', 'error', '-y', '-nostdin', '-f', 'lavfi', '-i', 'nullsrc=s=1920x1080'],
    ...['-vf', `geq=lum='${lum}':cb='${cb}':cr='${cr}',format=yuvj420p`, '-frames:v', '1', '-q:v', '3', file],
  ]);
}

/** The project's folder with each slide's picture replaced by a photo-like one. */
async function photoProject(dir: string, slides: Slide[]): Promise<string> {
  const media = path.join(dir, 'media');
  await mkdir(media, { recursive: true });
  for (const name of ['narration.mp3', 'music.mp3']) {
    await copyFile(path.join(projectDir, 'media', name), path.join(media, name));
  }
  const pictures = slides.flatMap((slide) => slide.items.flatMap((item) => (item.type === 'image' ? [item.url!] : [])));
  for (const [i, url] of [...new Set(pictures)].entries()) await photoLike(path.join(dir, url), i + 1);
  return dir;
}

type Result = Awaited<ReturnType<typeof renderMovie>>;

/** Full render, one slide's text edited, nothing changed: each into the same store, from an empty one. */
async function bench(name: string, movie: { frames: Slide[] }, assetBaseDir: string, dir: string) {
  const edited = structuredClone(movie);
  const slide = Math.floor(movie.frames.length / 2);
  const text = edited.frames[slide]!.items.find((item) => item.type === 'text');
  if (!text?.paragraphs?.[0]?.runs[0]) throw new Error('slides-60 has no text to edit');
  text.paragraphs[0].runs[0].text += ' (edited)';
  const segments = createSegmentCache({
    files: createDiskStore(path.join(dir, `store-${name}`)),
    index: memorySegmentIndex(),
    eviction: { maxAgeSeconds: 86_400, maxBytes: 1e12, protectSeconds: 3600 },
  });
  const render = (m: unknown, withStore: boolean) =>
    renderMovie({
      movie: m,
      output: path.join(dir, 'out.mp4'),
      localFiles: assetBaseDir,
      ...(withStore ? { segments } : {}),
    });
  const line = (label: string, r: Result, full?: Result) =>
    console.log(
      `  ${label.padEnd(26)} ${r.renderSeconds.toFixed(2).padStart(8)} s` +
        (full ? ` (${((100 * r.renderSeconds) / full.renderSeconds).toFixed(1)} %)` : '') +
        `, ${r.framesDrawn} of ${r.frames} frames drawn` +
        (r.segments ? `, segments ${r.segments.reused} reused of ${r.segments.total}, sound ${r.sound}` : '') +
        `, ${(r.bytes / 1e6).toFixed(2)} MB`,
    );
  console.log(`${name}:`);
  if (process.env.BENCH_PLAIN === '1') line('full, no store (chunks)', await render(movie, false));
  const full = await render(movie, true);
  line('full, empty store', full);
  const again = await render(edited, true);
  line('after editing one slide', again, full);
  const unchanged = await render(edited, true);
  line('nothing changed', unchanged, full);
  const ratio = again.renderSeconds / full.renderSeconds;
  console.log(
    `  one-slide edit / full render: ${(ratio * 100).toFixed(1)} %   target < 5 %   ${ratio < 0.05 ? 'met' : 'NOT met'}`,
  );
}

async function main() {
  const source = JSON.parse(await readFile(project, 'utf8')) as { frames: Slide[] };
  const frames = Array.from({ length: REPEAT }, (_, r) =>
    source.frames.map((frame) => ({ ...structuredClone(frame), id: `${frame.id}-${r}` })),
  ).flat();
  const movie = { ...source, frames };
  const content = process.env.BENCH_CONTENT ?? 'both';
  console.log(
    `re-render bench: slides-60 × ${REPEAT} (${frames.length} slides), 1080p30, ${availableParallelism()} cores`,
  );
  await chunkWorkerUrl();
  const dir = await mkdtemp(path.join(tmpdir(), 'reelwright-rerender-'));
  try {
    if (content !== 'photo') await bench("project's pictures", movie, projectDir, dir);
    if (content !== 'project') {
      const photos = await photoProject(path.join(dir, 'photo'), source.frames);
      await bench('photo-like pictures', movie, photos, dir);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
