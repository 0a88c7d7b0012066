/**
 * Save latency under autosave load (issues 15 and 31): 200 members autosaving every 2 s against
 * the server over HTTP on loopback, on PostgreSQL and on the embedded PGlite (each commit synced
 * to disk before it is acknowledged, as the app opens it). An autosave is what the editor sends:
 * a diff of the last edit plus the hash of the result (POST /api/members/projects/patch) on a
 * 12-frame project of about 19 KB.
 *
 * The PostgreSQL server is a throwaway cluster this bench starts on 127.0.0.1 with durable
 * commits (fsync and synchronous_commit on); each server gets its own database on it. With
 * BENCH_BASELINE_DIR (a checkout of another commit, with node_modules) the same targets run from
 * that tree too, so old and new code are measured in one run under the same conditions. All
 * servers run side by side, each with its own members, and the load goes to one at a time in
 * 10 s slices, taking turns, so whatever else the machine does weighs on all alike. The first
 * 2 s of a slice are not counted. Prints p50/p95/p99 per server.
 * Run: `npm run bench:saves -w apps/server`. BENCH_SECONDS (of load per server, default 60),
 * BENCH_MEMBERS (default 200) and BENCH_TARGETS (default `postgres,pglite`) change the load;
 * BENCH_PROFILE_DIR writes each server's CPU profile (`--cpu-prof`) there.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  CURRENT_SCHEMA_VERSION,
  createFrame,
  createTextItem,
  hashDocument,
  type ProjectData,
  ProjectDataSchema,
} from '@reelwright/core';
import { createTestDatabase, type PostgresServer, startPostgres } from '@reelwright/testkit';
import { createPatch } from 'rfc6902';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',') as Target[];
const BASELINE_DIR = process.env.BENCH_BASELINE_DIR;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const SLICE_SECONDS = 10;
const SETTLE_SECONDS = 2;
const AUTOSAVE_EVERY_MS = 2000;
type Target = 'postgres' | 'pglite';

/** A project of 12 frames with 3 text items each; `edit` changes one item's words, as typing does. */
function buildDocument(member: number, edit: number): ProjectData {
  const frames = Array.from({ length: 12 }, (_, f) =>
    createFrame(`m${member}-f${f}`, {
      items: Array.from({ length: 3 }, (_, i) => {
        const edited = (f * 3 + i) % 36 === edit % 36;
        return createTextItem(`m${member}-f${f}-i${i}`, `Frame ${f}, line ${i}${edited ? `, edit ${edit}` : ''}`);
      }),
    }),
  );
  return ProjectDataSchema.parse({
    schemaVersion: CURRENT_SCHEMA_VERSION,
    wizard: { keyword: `member ${member}`, slides: [{ id: 's1', text: 'Bench' }] },
    video: { frames },
  });
}

/** A bench server: which code (this tree or the baseline) on which database. */
type Server = { label: string; url: string; child: ChildProcess; dataDir: string; dropDatabase?: () => Promise<void> };
/** A member, and the autosaves it will send (prepared beforehand, so the bench spends no time on them). */
type Member = { cookie: string; id: number; autosaves: { diff: string; hash: string }[] };

/**
 * Starts the bench server of the tree at `root` in a fresh data folder, on its own database of
 * `postgres` when given, else on PGlite; resolves once it listens. ('durable' is the mode older
 * bench servers take: the database as the app opens it.)
 */
async function startServer(label: string, root: string, postgres: PostgresServer | null): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rw-save-bench-'));
  const database = postgres ? await createTestDatabase(postgres.url) : null;
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/save-latency-server.ts', 'durable'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database?.url ?? '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${label} server exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('listening ')) resolve(line.slice('listening '.length));
    });
  });
  return { label, url, child, dataDir, ...(database && { dropDatabase: database.drop }) };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
  await server.dropDatabase?.();
  rmSync(server.dataDir, { recursive: true, force: true });
}

async function post(url: string, cookie: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** The diff and hash of every edit a member makes over the run, each against the one before. */
async function prepareAutosaves(m: number): Promise<Member['autosaves']> {
  const count = Math.ceil((SECONDS / SLICE_SECONDS) * ((SLICE_SECONDS * 1000) / AUTOSAVE_EVERY_MS + 1));
  let previous = buildDocument(m, 0);
  const autosaves: Member['autosaves'] = [];
  for (let edit = 1; edit <= count; edit++) {
    const document = buildDocument(m, edit);
    autosaves.push({ diff: JSON.stringify(createPatch(previous, document)), hash: await hashDocument(document) });
    previous = document;
  }
  return autosaves;
}

/** Signs the members up on a server, each with a project saved once. */
async function signUpMembers(url: string): Promise<Member[]> {
  return Promise.all(
    Array.from({ length: MEMBERS }, async (_, m) => {
      const res = await fetch(`${url}/api/members/access/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `bench-${m}@example.test` }),
      });
      if (!res.ok) throw new Error(`signup answered ${res.status}`);
      const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('rw_session=')) ?? '').split(';')[0] ?? '';
      const document = buildDocument(m, 0);
      const created = await post(`${url}/api/members/projects/save`, cookie, {
        name: `Bench ${m}`,
        data_json: JSON.stringify(document),
      });
      if (created.status !== 200) throw new Error(`the first save answered ${created.status}`);
      return { cookie, id: (created.json as { id: number }).id, autosaves: await prepareAutosaves(m) };
    }),
  );
}

/** One slice of load: every member autosaves every 2 s, starting at a random moment of the first 2 s. */
async function runSlice(url: string, members: Member[], latencies: number[]): Promise<number> {
  let failures = 0;
  const start = performance.now();
  const end = start + SLICE_SECONDS * 1000;
  const countFrom = start + SETTLE_SECONDS * 1000;
  await Promise.all(
    members.map(async (member) => {
      for (let next = start + Math.random() * AUTOSAVE_EVERY_MS; ; next += AUTOSAVE_EVERY_MS) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
        if (performance.now() >= end) return;
        const autosave = member.autosaves.shift();
        if (!autosave) throw new Error('the run outlasted the prepared autosaves');
        const sent = performance.now();
        const answer = await post(`${url}/api/members/projects/patch`, member.cookie, { id: member.id, ...autosave });
        const took = performance.now() - sent;
        if (answer.status !== 200) failures++;
        else if (sent >= countFrom) latencies.push(took);
      }
    }),
  );
  return failures;
}

function percentile(sorted: number[], p: number): string {
  return (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN).toFixed(1);
}

const trees = [
  { name: 'this tree', root: path.resolve(import.meta.dirname, '../../..') },
  ...(BASELINE_DIR ? [{ name: 'baseline', root: path.resolve(BASELINE_DIR) }] : []),
];
const servers: Server[] = [];
let postgres: PostgresServer | null = null;
try {
  if (TARGETS.includes('postgres')) postgres = await startPostgres({ durable: true });
  for (const target of TARGETS) {
    for (const tree of trees) {
      const label = `${target}, ${tree.name}`;
      servers.push(await startServer(label, tree.root, target === 'postgres' ? postgres : null));
    }
  }
  const runs = await Promise.all(
    servers.map(async (server) => ({
      server,
      members: await signUpMembers(server.url),
      latencies: [] as number[],
      failures: 0,
    })),
  );
  for (let slice = 0; slice < Math.ceil(SECONDS / SLICE_SECONDS); slice++) {
    // Taking turns, and which goes first alternates too: A B C C B A A B C …
    const order = slice % 2 === 0 ? runs : [...runs].reverse();
    for (const run of order) run.failures += await runSlice(run.server.url, run.members, run.latencies);
  }
  console.log(
    `${MEMBERS} members autosaving every ${AUTOSAVE_EVERY_MS / 1000} s, ${SECONDS} s of load per server in ${SLICE_SECONDS} s turns`,
  );
  console.log('| server | autosaves | p50 ms | p95 ms | p99 ms | max ms | failed |');
  console.log('|---|---|---|---|---|---|---|');
  for (const { server, latencies, failures } of runs) {
    const sorted = latencies.sort((a, b) => a - b);
    const cells = [percentile(sorted, 50), percentile(sorted, 95), percentile(sorted, 99), percentile(sorted, 100)];
    console.log(`| ${server.label} | ${sorted.length} | ${cells.join(' | ')} | ${failures} |`);
  }
} finally {
  for (const server of servers) await stopServer(server);
  await postgres?.stop();
}
