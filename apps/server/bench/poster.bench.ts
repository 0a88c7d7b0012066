/**
 * The cost of one project poster (D69, docs/benchmarks.md "Project thumbnails"): `drawPoster` of
 * slides-60 (`bench/projects/slides-60.json`: a full-frame photo with Ken Burns under a two-line
 * caption) at 480 px, WebP. Cold is the first poster of a fresh process (fonts and the photo
 * loaded); warm is the median of the next ones, each loading its assets again as every job does.
 * Run: `npm run bench:poster -w apps/server`; `BENCH_PROJECT=path` draws another project.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawPoster } from '../src/render/poster';
import { movieOf } from '../src/render/render-cli';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.resolve(process.env.BENCH_PROJECT ?? path.join(here, '../../../bench/projects/slides-60.json'));
const RUNS = 20;

const movie = movieOf(JSON.parse(await readFile(project, 'utf8')));
// The project's media are local files: nothing to fetch.
const options = {
  movie,
  localFiles: path.dirname(project),
  resolveMedia: async () => ({ files: new Map<string, string>(), failures: [] }),
};
const timed = async () => {
  const started = performance.now();
  const poster = await drawPoster(options);
  return { ms: performance.now() - started, poster };
};

const cold = await timed();
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) warm.push((await timed()).ms);
warm.sort((a, b) => a - b);
const { poster } = cold;
console.log(`poster of ${path.basename(project)}: ${poster.width}×${poster.height} WebP, ${poster.image.length} bytes`);
console.log(
  `cold ${cold.ms.toFixed(0)} ms; warm median ${warm[RUNS / 2]!.toFixed(0)} ms (min ${warm[0]!.toFixed(0)}, max ${warm.at(-1)!.toFixed(0)}, ${RUNS} runs)`,
);
