/// <reference lib="dom" />
/**
 * `npm run bench` (in packages/scene): drawFrame throughput at 1920×1080 on @napi-rs/canvas, for
 * the standard slide and the effect gallery, against the floor of drawing the photo alone, plus
 * the cost of reading the pixels back for the encoder. Figures go into docs/benchmarks.md.
 *
 * @napi-rs/canvas records drawing commands and runs them only when pixels are needed (a read,
 * an encode): a bare drawFrame call costs almost nothing and the real work lands on the next
 * read. So every timed frame ends with a flush (`getImageData` of one pixel), and the readback
 * of the whole frame is timed on its own, on a canvas already flushed.
 *
 * Columns: fps and ms per frame include that flush; "call ms" is the drawFrame call alone
 * (JavaScript and command recording), the rest is Skia rasterising.
 *
 * Options (environment): BENCH_SECONDS=n  wall seconds per case (default 5; the gallery always
 * draws each effect); BENCH_STRIDE=k  draw every k-th 30 fps frame of the gallery (default 3).
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createCanvas } from '@napi-rs/canvas';
import { createNodeHost } from '@reelwright/canvas-node';
import { type AssetSource, drawFrame, kenBurnsRect, prepareAssets } from '@reelwright/scene';
import { effectGallery, GALLERY_SLIDE, HEIGHT, photoDataUrl, standardSlide, WIDTH } from './fixtures';

const FPS = 30;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const STRIDE = Math.max(1, Number(process.env.BENCH_STRIDE ?? 3));
const WARM_UP = 15;

type Ctx = CanvasRenderingContext2D;
/** One case: frames per second and ms per frame (with the flush); `js` is the median of the call alone. */
type Row = { name: string; frames: number; fps: number; median: number; p95: number; js?: number; note?: string };

const canvas = createCanvas(WIDTH, HEIGHT);
const ctx = canvas.getContext('2d') as unknown as Ctx;
/** Runs the recorded drawing commands (reading one pixel makes the canvas draw everything). */
const flush = () => ctx.getImageData(0, 0, 1, 1);

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function summarise(name: string, times: number[], note?: string, calls?: number[]): Row {
  const sorted = [...times].sort((a, b) => a - b);
  const total = times.reduce((s, t) => s + t, 0);
  const median = quantile(sorted, 0.5);
  const js = calls
    ? quantile(
        [...calls].sort((a, b) => a - b),
        0.5,
      )
    : undefined;
  return {
    name,
    frames: times.length,
    fps: (times.length * 1000) / total,
    median,
    p95: quantile(sorted, 0.95),
    js,
    note,
  };
}

/**
 * Times `draw(t)` plus a flush for 30 fps timestamps of a `duration`-second timeline, looping
 * over it until SECONDS of wall time have passed (at least one pass), after a warm-up.
 */
function timeLoop(name: string, duration: number, draw: (t: number) => void, note?: string): Row {
  const count = Math.round(duration * FPS);
  for (let i = 0; i < WARM_UP; i++) {
    draw((i % count) / FPS);
    flush();
  }
  const times: number[] = [];
  const calls: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count || performance.now() - started < SECONDS * 1000; i++) {
    const t0 = performance.now();
    draw((i % count) / FPS);
    const t1 = performance.now();
    flush();
    times.push(performance.now() - t0);
    calls.push(t1 - t0);
  }
  return summarise(name, times, note, calls);
}

function printTable(rows: Row[]): void {
  const head = ['case', 'frames', 'fps', 'median ms', 'p95 ms', 'call ms', ''];
  const body = rows.map((r) => [
    r.name,
    String(r.frames),
    r.fps.toFixed(1),
    r.median.toFixed(2),
    r.p95.toFixed(2),
    r.js === undefined ? '' : r.js.toFixed(2),
    r.note ?? '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 6 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}

async function main(): Promise<void> {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`drawFrame at ${WIDTH}×${HEIGHT}, Node ${process.version}, ${cpus().length} × ${cpu}`);
  const photo = photoDataUrl();
  const host = createNodeHost();
  const standard = standardSlide(photo);
  const gallery = effectGallery(photo);
  const prepared = await prepareAssets(standard, host);
  const preparedGallery = await prepareAssets(gallery.movie, host);
  const missing = [...prepared.missing, ...preparedGallery.missing];
  if (missing.length > 0) throw new Error(`Missing assets: ${missing.map((m) => `${m.kind} ${m.ref}`).join(', ')}`);
  const image = prepared.assets.image(photo)!;

  const rows: Row[] = [];
  const stage = { x: 0, y: 0, width: WIDTH, height: HEIGHT };
  rows.push(timeLoop('floor: drawImage 1:1', 5, () => ctx.drawImage(image, 0, 0)));
  rows.push(
    timeLoop('floor: drawImage Ken Burns', 5, (t) => {
      const r = kenBurnsRect(
        stage,
        stage,
        { fromScale: 1, toScale: 1.1, fromX: 0.5, fromY: 0.5, toX: 0.5, toY: 0.5 },
        t / 5,
      );
      ctx.drawImage(image, r.x, r.y, r.width, r.height);
    }),
  );
  const draw = (assets: AssetSource, movie: typeof standard) => (t: number) => drawFrame(ctx, movie, t, assets);
  rows.push(timeLoop('standard slide (5 s)', 5, draw(prepared.assets, standard)));
  rows.push(timeLoop('standard slide, fade-in (0–0.5 s)', 0.5, draw(prepared.assets, standard)));
  rows.push(
    timeLoop('standard slide, still (0.5–5 s)', 4.5, (t) => drawFrame(ctx, standard, 0.5 + t, prepared.assets)),
  );
  // What each layer of the standard slide costs: drop the layers above, one at a time.
  const layers = (keep: number) => ({
    ...standard,
    frames: [{ ...standard.frames[0]!, items: standard.frames[0]!.items.slice(-keep) }],
  });
  rows.push(timeLoop('  layers: photo only', 5, draw(prepared.assets, layers(1))));
  rows.push(timeLoop('  layers: photo + dark box', 5, draw(prepared.assets, layers(2))));

  // The gallery: every effect, every STRIDE-th frame of its slide, once (a pass takes a while).
  const perEffect: { name: string; family: string; ms: number }[] = [];
  const galleryTimes: number[] = [];
  const galleryCalls: number[] = [];
  for (let i = 0; i < WARM_UP; i++) {
    drawFrame(ctx, gallery.movie, i / FPS, preparedGallery.assets);
    flush();
  }
  gallery.effects.forEach((effect, index) => {
    const start = index * GALLERY_SLIDE;
    let sum = 0;
    let n = 0;
    for (let f = 0; f < GALLERY_SLIDE * FPS; f += STRIDE) {
      const t0 = performance.now();
      drawFrame(ctx, gallery.movie, start + f / FPS, preparedGallery.assets);
      galleryCalls.push(performance.now() - t0);
      flush();
      const ms = performance.now() - t0;
      galleryTimes.push(ms);
      sum += ms;
      n++;
    }
    perEffect.push({ name: effect.name, family: effect.family, ms: sum / n });
  });
  rows.push(
    summarise(`effect gallery (${gallery.effects.length} effects)`, galleryTimes, `1 frame in ${STRIDE}`, galleryCalls),
  );

  // Reading the pixels back for the encoder, from a canvas whose drawing is done.
  drawFrame(ctx, standard, 2, prepared.assets);
  flush();
  const bytes = WIDTH * HEIGHT * 4;
  rows.push(
    timeLoop(
      'readback: getImageData',
      5,
      () => ctx.getImageData(0, 0, WIDTH, HEIGHT),
      `${(bytes / 1e6).toFixed(1)} MB RGBA`,
    ),
  );
  rows.push(timeLoop('readback: canvas.data()', 5, () => canvas.data(), 'a copy of the raw pixels'));
  rows.push(
    timeLoop(
      'standard slide + getImageData',
      5,
      (t) => {
        drawFrame(ctx, standard, t, prepared.assets);
        ctx.getImageData(0, 0, WIDTH, HEIGHT);
      },
      'what the encoder gets',
    ),
  );
  console.log();
  printTable(rows);

  console.log('\nGallery by family (mean ms per frame) and the slowest effects:');
  const families = new Map<string, number[]>();
  for (const e of perEffect) families.set(e.family, [...(families.get(e.family) ?? []), e.ms]);
  for (const [family, list] of families) {
    const mean = list.reduce((s, v) => s + v, 0) / list.length;
    console.log(`  ${family.padEnd(22)} ${String(list.length).padStart(3)} effects  ${mean.toFixed(2)} ms`);
  }
  const slowest = [...perEffect].sort((a, b) => b.ms - a.ms).slice(0, 8);
  console.log(`  slowest: ${slowest.map((e) => `${e.family}/${e.name} ${e.ms.toFixed(1)} ms`).join(', ')}`);
}

await main();
