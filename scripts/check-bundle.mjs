#!/usr/bin/env node
/**
 * The web app's bundle budget (STYLE: "enforces a bundle budget for apps/web"): the gzipped
 * JavaScript and CSS that `app.html` loads up front, and the largest chunk loaded later, against
 * the limits in apps/web/bundle-budget.json. Run after `npm run build`; exits 1 over budget.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const dist = path.join(web, 'dist');
const budget = JSON.parse(readFileSync(path.join(web, 'bundle-budget.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;

const html = readFileSync(path.join(dist, 'app.html'), 'utf8');
const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
const allJs = readdirSync(path.join(dist, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => `assets/${name}`);

const sum = (files) => files.reduce((total, file) => total + gz(file), 0);
const initialJs = sum([...initial].filter((file) => file.endsWith('.js')));
const initialCss = sum([...initial].filter((file) => file.endsWith('.css')));
const lazy = allJs.filter((file) => !initial.has(file)).map((file) => ({ file, size: gz(file) }));
const largest = lazy.reduce((max, chunk) => (chunk.size > max.size ? chunk : max), { file: '-', size: 0 });

const rows = [
  ['initial JavaScript', initialJs, budget.initialJs],
  ['initial CSS', initialCss, budget.initialCss],
  [`largest lazy chunk (${path.basename(largest.file)})`, largest.size, budget.largestLazyChunk],
];
let over = false;
for (const [what, size, limit] of rows) {
  const ok = size <= limit;
  over ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${what}: ${(size / 1024).toFixed(1)} KiB gzipped (budget ${(limit / 1024).toFixed(1)} KiB)`,
  );
}
if (over) {
  console.error(
    'The web bundle is over budget: split the new code into a lazy route, or raise the budget with a reason.',
  );
  process.exit(1);
}
