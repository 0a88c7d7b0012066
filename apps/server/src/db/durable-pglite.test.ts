import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildMember, buildProjectData, requestsAs } from '../../test/factories';
import { testConfig } from '../../test/helpers';
import { buildApp } from '../app';
import { type Database, openDatabase } from './client';
import { BASE_SYNCED_MARKER } from './durable-pglite';

type OpenCallback = (error: NodeJS.ErrnoException | null, fd: number) => void;
type FileCall = { kind: 'write'; file: string; bytes: Buffer } | { kind: 'fsync'; file: string } | { kind: 'answer' };

/**
 * Records, in order, the writes and fsyncs this process makes on the host's files, PGlite's
 * included (its NODEFS calls Node's `fs`), by the path each descriptor was opened with. The
 * calls still run: this watches the real file system, it does not stand in for it. (`fs.write`
 * is not watched: PGlite writes with `writeSync` only.)
 */
function recordFileCalls() {
  const calls: FileCall[] = [];
  const paths = new Map<number, string>();
  const { open, openSync, writeSync, fsync, fsyncSync } = fs;
  const fileOf = (fd: number) => paths.get(fd) ?? `fd ${fd}`;
  vi.spyOn(fs, 'openSync').mockImplementation((...args: Parameters<typeof openSync>) => {
    const fd = openSync(...args);
    paths.set(fd, path.resolve(String(args[0])));
    return fd;
  });
  vi.spyOn(fs, 'open').mockImplementation(((file: fs.PathLike, flags: fs.OpenMode, done: OpenCallback) => {
    open(file, flags, (error, fd) => {
      if (!error) paths.set(fd, path.resolve(String(file)));
      done(error, fd);
    });
  }) as typeof open);
  vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, buffer: NodeJS.ArrayBufferView, ...rest: number[]) => {
    const written = (writeSync as (...a: unknown[]) => number)(fd, buffer, ...rest);
    const view = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    const offset = typeof rest[0] === 'number' ? rest[0] : 0;
    calls.push({ kind: 'write', file: fileOf(fd), bytes: Buffer.from(view.subarray(offset, offset + written)) });
    return written;
  }) as typeof writeSync);
  vi.spyOn(fs, 'fsyncSync').mockImplementation((fd: number) => {
    fsyncSync(fd);
    calls.push({ kind: 'fsync', file: fileOf(fd) });
  });
  vi.spyOn(fs, 'fsync').mockImplementation((fd: number, done: fs.NoParamCallback) => {
    fsync(fd, (error) => {
      if (!error) calls.push({ kind: 'fsync', file: fileOf(fd) });
      done(error);
    });
  });
  return {
    calls,
    clear: () => calls.splice(0),
    stop: () => vi.restoreAllMocks(),
  };
}

/**
 * Folders PostgreSQL rebuilds at start, so it never syncs them: subtransaction parents, the
 * notify queue, temporary statistics.
 */
const REBUILT_AT_START = ['pg_subtrans', 'pg_notify', 'pg_stat_tmp'];

/** Files under `under` written in `calls` with no fsync after their last write. */
function unsyncedFiles(calls: FileCall[], under: string): string[] {
  const pending = new Set<string>();
  for (const call of calls) {
    if (call.kind === 'answer' || !call.file.startsWith(under)) continue;
    if (REBUILT_AT_START.some((folder) => call.file.includes(`${path.sep}${folder}${path.sep}`))) continue;
    if (call.kind === 'write') pending.add(call.file);
    else pending.delete(call.file);
  }
  return [...pending].map((file) => path.relative(under, file));
}

/** Every regular file under `root`. */
function filesUnder(root: string): string[] {
  return fs
    .readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the embedded PGlite on a data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(tmpdir(), 'rw-durable-'));
  const cluster = path.join(dataDir, 'db');
  const recorder = recordFileCalls();
  let database: Database;
  afterAll(async () => {
    recorder.stop();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  beforeAll(async () => {
    database = openDatabase({ dataDir });
    await database.pglite?.waitReady;
  }, 180_000);

  it('runs PostgreSQL with fsync on, flushing the WAL with fsync', async () => {
    const settings = await database.pglite?.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in ('fsync', 'wal_sync_method', 'synchronous_commit', 'full_page_writes') order by name`,
    );
    expect(settings?.rows).toEqual([
      { name: 'fsync', setting: 'on' },
      { name: 'full_page_writes', setting: 'on' },
      { name: 'synchronous_commit', setting: 'on' },
      { name: 'wal_sync_method', setting: 'fsync' },
    ]);
  });

  it('has every data file written so far on disk after a checkpoint', async () => {
    recorder.clear();
    await database.pglite?.exec(`create table durable_probe (n int); insert into durable_probe values (1), (2);`);
    await database.pglite?.exec('checkpoint');
    const written = new Set(recorder.calls.flatMap((call) => (call.kind === 'write' ? [call.file] : [])));
    expect([...written].some((file) => file.startsWith(path.join(cluster, 'base')))).toBe(true);
    expect(unsyncedFiles(recorder.calls, cluster)).toEqual([]);
  }, 60_000);

  it('has the WAL holding a save on disk before the save is answered', async () => {
    const app = await buildApp(testConfig({ DATA_DIR: dataDir }), { database, logger: false });
    app.addHook('onSend', async () => {
      recorder.calls.push({ kind: 'answer' });
    });
    const me = requestsAs(app, (await buildMember(app)).cookie);
    const marker = `durable-${randomUUID()}`;
    const data = buildProjectData({ wizard: { keyword: marker, slides: [] } });

    recorder.clear();
    const res = await me.post('/api/members/projects/save', { name: 'Durable', data_json: JSON.stringify(data) });
    expect(res.statusCode, res.body).toBe(200);
    await app.close(); // and the database with it

    const calls = recorder.calls;
    const answer = calls.findIndex((call) => call.kind === 'answer');
    expect(answer).toBeGreaterThan(0);
    const beforeAnswer = calls.slice(0, answer);
    // The commit's WAL record carries the document, marker and all.
    const walWrites = beforeAnswer.filter(
      (call) => call.kind === 'write' && call.file.startsWith(path.join(cluster, 'pg_wal')),
    ) as Extract<FileCall, { kind: 'write' }>[];
    const withDocument = walWrites.filter((call) => call.bytes.includes(marker));
    expect(withDocument.length).toBeGreaterThan(0);
    // Each WAL file written for the save was fsynced after its last write, before the answer.
    expect(walWrites.length).toBeGreaterThan(0);
    expect(unsyncedFiles(beforeAnswer, path.join(cluster, 'pg_wal'))).toEqual([]);
  }, 60_000);

  it('syncs a whole folder written before durability was on, once', async () => {
    // What the folder looked like before: the same files, never synced, without the marker.
    fs.rmSync(path.join(cluster, BASE_SYNCED_MARKER));
    const files = filesUnder(cluster);

    recorder.clear();
    database = openDatabase({ dataDir });
    await database.pglite?.waitReady;
    const synced = new Set(recorder.calls.flatMap((call) => (call.kind === 'fsync' ? [call.file] : [])));
    expect(files.filter((file) => !synced.has(file)).map((file) => path.relative(cluster, file))).toEqual([]);
    expect(fs.existsSync(path.join(cluster, BASE_SYNCED_MARKER))).toBe(true);

    await database.close();
    recorder.clear();
    database = openDatabase({ dataDir });
    await database.pglite?.waitReady;
    const resynced = recorder.calls.filter((call) => call.kind === 'fsync').length;
    expect(resynced).toBeLessThan(files.length / 10);
  }, 120_000);
});
