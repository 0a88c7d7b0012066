#!/usr/bin/env node
/**
 * `npm run typecheck`: every TypeScript project of the repository (each workspace's
 * `tsconfig.json` and `bench/tsconfig.json`, the end-to-end suite's and the repository tests'),
 * checked by `tsc` one per core at once. tsc checks on one thread, so running the projects side
 * by side takes about half the time of one after another on two cores (CI's time budget).
 * Prints each failing project's errors and exits 1 if any failed.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

/** The workspaces' folders, as package.json lists them (folders, or `parent/*`). */
function workspaces() {
  const { workspaces: patterns } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [path.join(root, pattern)];
    const parent = path.join(root, pattern.slice(0, -2));
    return readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(parent, entry.name));
  });
}

// The largest first (the end-to-end suite and the apps take three times a package's time), so
// no long check starts last.
const projects = [
  path.join(root, 'e2e/tsconfig.json'),
  ...workspaces()
    .sort((a, b) => Number(b.includes(`${path.sep}apps${path.sep}`)) - Number(a.includes(`${path.sep}apps${path.sep}`)))
    .flatMap((dir) => ['tsconfig.json', 'bench/tsconfig.json'].map((file) => path.join(dir, file))),
  path.join(root, 'test/tsconfig.json'),
].filter((file) => existsSync(file));

/** Runs tsc on one project; resolves with its output and whether it passed. */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--pretty'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project: path.relative(root, project), ok: code === 0, output }));
  });
}

const queue = [...projects];
const failed = [];
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const result = await check(project);
    console.log(`  ${result.ok ? 'ok' : 'FAILED'}  ${result.project}`);
    if (!result.ok) failed.push(result);
  }
}
await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
for (const { project, output } of failed) console.error(`\n${project}:\n${output}`);
process.exit(failed.length > 0 ? 1 : 0);
