#!/usr/bin/env node
/**
 * `npm test`: every check a reviewer needs, in order, failing fast:
 * preflight (system programs) → lint → typecheck → unit → integration (PGlite + PostgreSQL)
 * → build → bundle budget → end-to-end (Chromium). Nothing is skipped: a missing program is installed when we
 * can (Debian, as root) or named with the command that installs it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');

/** System programs the suites use, with the Debian package that provides each. */
const systemNeeds = [
  {
    what: 'Chromium (end-to-end tests)',
    pkg: 'chromium',
    present: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
  },
  { what: 'PostgreSQL server (integration tests)', pkg: 'postgresql', present: postgresPresent },
  { what: 'ffmpeg (media probing and rendering)', pkg: 'ffmpeg', present: () => onPath('ffmpeg') && onPath('ffprobe') },
  {
    what: 'Liberation fonts (readable screenshots)',
    pkg: 'fonts-liberation',
    present: () => existsSync('/usr/share/fonts/truetype/liberation'),
  },
];

function onPath(program) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => existsSync(path.join(dir, program)));
}

function postgresPresent() {
  if (process.env.TEST_DATABASE_URL) return true;
  if (onPath('initdb') && onPath('pg_ctl')) return true;
  const debian = '/usr/lib/postgresql';
  return existsSync(debian) && readdirSync(debian).some((v) => existsSync(path.join(debian, v, 'bin/initdb')));
}

function preflight() {
  const missing = systemNeeds.filter((need) => !need.present());
  if (missing.length === 0) return;
  const packages = missing.map((need) => need.pkg);
  const isRoot = process.getuid?.() === 0;
  if (isRoot && onPath('apt-get')) {
    console.log(`\n▶ installing ${packages.join(', ')} (${missing.map((m) => m.what).join('; ')})`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
    if (update.status === 0 && install.status === 0 && missing.every((need) => need.present())) return;
  }
  console.error('\nThe tests need programs this machine does not have:');
  for (const need of missing) console.error(`  - ${need.what}: Debian package '${need.pkg}'`);
  console.error(`Install them, then run npm test again:\n  sudo apt-get install -y ${packages.join(' ')}\n`);
  process.exit(1);
}

const totals = { passed: 0, failed: 0 };

function run(title, command, args, { vitestProject } = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const extra = vitestProject
    ? ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(resultsDir, `${vitestProject}.json`)}`]
    : [];
  const result = spawnSync(command, [...args, ...extra], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TZ: 'UTC' },
  });
  if (vitestProject) countResults(vitestProject);
  console.log(
    `  ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) finish(1);
}

function countResults(project) {
  const file = path.join(resultsDir, `${project}.json`);
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
}

function finish(code) {
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}

rmSync(path.join(resultsDir, 'screens'), { recursive: true, force: true });
rmSync(path.join(resultsDir, 'artifacts'), { recursive: true, force: true });
preflight();
const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
run('lint (Biome)', 'npx', ['biome', 'ci', '.']);
run('typecheck', 'npm', ['run', 'typecheck']);
run('unit tests', 'node', [...vitest, '--project', 'unit'], { vitestProject: 'unit' });
run('integration tests (PGlite and PostgreSQL)', 'node', [...vitest, '--project', 'integration'], {
  vitestProject: 'integration',
});
run('build the web app', 'npm', ['run', 'build']);
run('web bundle budget', 'node', ['scripts/check-bundle.mjs']);
run('end-to-end tests (Chromium)', 'node', [...vitest, '--project', 'e2e'], { vitestProject: 'e2e' });
console.log(`\nScreenshots: ${path.join(resultsDir, 'screens')}`);
// Files the suites keep for people to look at (the wizard's 3-slide sample MP4).
const artifacts = path.join(resultsDir, 'artifacts');
if (existsSync(artifacts))
  for (const name of readdirSync(artifacts)) console.log(`Artifact: ${path.join(artifacts, name)}`);
finish(totals.failed > 0 ? 1 : 0);
