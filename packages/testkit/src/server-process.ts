import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from './postgres';

/** The repository root: the server is started by path, as `npm start` does, never imported. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const mainScript = 'apps/server/src/main.ts';

export type ServerProcess = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The server's DATA_DIR (a fresh temporary folder unless one was given). */
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Ends the process with a signal (SIGTERM: graceful; SIGKILL: a crash) and waits until it is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
};

/**
 * Starts the real server (`node --import tsx apps/server/src/main.ts serve`) on a free loopback
 * port and waits until /healthz answers. `env` adds to or overrides the environment (DATA_DIR,
 * DATABASE_URL, SMTP_URL …); a DATABASE_URL in the parent's environment is not inherited.
 * The run's stock music is copied in unless `stockMusic` is false (a server that has none).
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  options: { stockMusic?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'rw-server-'));
  if (options.stockMusic !== false) copyStockMusic(dataDir, env);
  copyMigratedDatabase(dataDir, env);
  const { DATABASE_URL: _notInherited, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript, 'serve'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT: '10000',
      // Tests reach only loopback servers they started: sources that would go to the internet are off
      // unless a test points them at its fakes.
      ARTICLES_KEYLESS: '0',
      MEDIA_KEYLESS: '0',
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };

  // A start takes about 10 s on an idle two-core machine; with two e2e files rendering beside it,
  // a first start (initdb and every migration, before the copy above) took more than a minute.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, dataDir, child, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop('SIGKILL');
  throw new Error(`The server did not answer /healthz within 150 s:\n${output}`);
}

/**
 * Copies the run's stock music into a disk-stored server's files, where a restart would find
 * it: every server would otherwise spend about 35 s of CPU making the same five tracks at start.
 */
function copyStockMusic(dataDir: string, env: Record<string, string>) {
  // Made once a run by the suite's global setup (apps/server/test/stock-music.ts).
  const seed = process.env.TEST_STOCK_MUSIC_DIR;
  const storage = env.STORAGE ?? process.env.STORAGE ?? 'disk';
  if (seed && storage === 'disk') cpSync(seed, path.join(dataDir, 'files', 'music'), { recursive: true });
}

/**
 * Copies the run's migrated embedded database into a fresh disk-stored server's data folder, as
 * if it had started once before: its first start would otherwise run initdb and every migration
 * (about 7 s of CPU each, over a minute on a loaded machine). The migrations still run at start,
 * finding nothing to do; a server on PostgreSQL or with a database already there is left alone.
 */
function copyMigratedDatabase(dataDir: string, env: Record<string, string>) {
  // Made once a run by the suites' global setups (apps/server/test/migrated-database.ts).
  const seed = process.env.TEST_MIGRATED_DATA_DIR;
  const target = path.join(dataDir, 'db');
  if (seed && !env.DATABASE_URL && !existsSync(target)) cpSync(path.join(seed, 'db'), target, { recursive: true });
}

/**
 * Starts `npm run worker`'s command (`main.ts worker`) in a data folder of its own, as on a
 * machine of its own, and resolves once it takes render jobs. Only `env` (the shared database
 * and storage) and PATH/HOME reach it; `nodeArgs` go before the script (a bench's GC flags).
 */
export async function startWorkerProcess(env: Record<string, string>, nodeArgs: string[] = []): Promise<ChildProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rw-worker-'));
  const worker = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', mainScript, 'worker'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const listen = (data: Buffer) => {
      out += data.toString();
      if (!out.includes('Render worker started')) return;
      worker.stdout?.off('data', listen);
      resolve();
    };
    worker.stdout?.on('data', listen);
    worker.once('exit', (code) => reject(new Error(`The worker exited with ${code}`)));
  });
  worker.stdout?.resume();
  return worker;
}

/**
 * Runs an operator command (`npm run admin -- …`) against a data folder or database. With the
 * embedded PGlite, stop the server first: it allows one process.
 */
export async function runAdminCommand(args: string[], env: Record<string, string>) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', mainScript, 'admin', ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
}
