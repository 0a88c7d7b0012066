import { execFile as execFileCb } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFile = promisify(execFileCb);

export class MissingPostgresError extends Error {
  constructor() {
    super(
      'PostgreSQL server programs (initdb, pg_ctl) were not found. Install them: `sudo apt-get install -y postgresql` ' +
        '(Debian/Ubuntu), or set TEST_DATABASE_URL to a server you run yourself.',
    );
  }
}

/** Finds the directory holding initdb and pg_ctl: PATH first, then Debian's versioned folders. */
export function findPostgresBin(): string {
  const candidates = (process.env.PATH ?? '').split(path.delimiter);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort().reverse()) candidates.push(path.join(debian, version, 'bin'));
  }
  const found = candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
  if (!found) throw new MissingPostgresError();
  return found;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type PostgresServer = { url: string; stop(): Promise<void> };

/**
 * Starts a throwaway PostgreSQL cluster on 127.0.0.1 in a temporary folder: durability off for
 * tests, or on (`durable`, PostgreSQL's defaults: every commit flushed) for benchmarks. As root,
 * the server runs as the `postgres` user, since PostgreSQL refuses root.
 */
export async function startPostgres(options: { durable?: boolean } = {}): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const dir = await mkdtemp(path.join(tmpdir(), 'rw-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await execFile('id', ['-u', 'postgres']);
    const { stdout: gid } = await execFile('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    await chmod(dir, 0o700);
  }
  const run = (program: string, args: string[]) =>
    asRoot
      ? execFile('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { cwd: dir })
      : execFile(path.join(bin, program), args, { cwd: dir });

  await run('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    '-c max_connections=200',
  ].join(' ');
  await run('pg_ctl', [
    '-D',
    dataDir,
    '-o',
    serverOptions,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
