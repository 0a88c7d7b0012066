/**
 * PGlite on a data folder, with writes that reach the disk before they are acknowledged.
 *
 * Out of the box PGlite (0.5) writes through Emscripten's NODEFS to the OS page cache and never
 * to the disk: it starts PostgreSQL with `-F` (fsync off), NODEFS has no fsync operation (the
 * `fsync` call succeeds without doing anything) and `fdatasync` is a stub. A process kill loses
 * nothing, but an OS crash or a power cut can lose acknowledged commits or tear the files
 * (electric-sql/pglite#1107). Here PostgreSQL runs with fsync on and flushes the WAL with
 * `fsync`, which NODEFS now passes to the host file: each commit is on disk before its statement
 * returns, and a checkpoint syncs the data files before the WAL they need is recycled, as on any
 * PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type EmscriptenOptions = Parameters<NodeFS['init']>[1];
type PostgresModule = Parameters<NonNullable<EmscriptenOptions['preRun']>[number]>[0];

/** The parts of Emscripten's NODEFS used here (its typings describe none of them). */
type NodeFsInternals = {
  stream_ops: { fsync?: (stream: { nfd?: number; node: unknown }) => number };
  realPath(node: unknown): string;
  /** Runs a host call, turning a Node error into the errno Emscripten expects. */
  tryFSOperation<T>(operation: () => T): T;
};

/**
 * PGlite's start parameters with durability on: without `-F` (fsync off), and the WAL flushed
 * with `fsync` (the default, `fdatasync`, is a no-op in Emscripten).
 */
export const durableStartParams = [
  ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

/** Written into the cluster folder once all of it has been synced. */
export const BASE_SYNCED_MARKER = 'reelwright-synced';

/** fsyncs a file or folder by its host path, blocking (PostgreSQL waits for it). */
function syncPathNow(hostPath: string): void {
  const fd = fs.openSync(hostPath, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** fsyncs in libuv's thread pool this many files at once: the file system commits them together. */
const SYNCS_AT_ONCE = 8;

/** fsyncs a file or folder by its host path. */
async function syncPath(hostPath: string): Promise<void> {
  const fd = await promisify(fs.open)(hostPath, 'r');
  try {
    await promisify(fs.fsync)(fd);
  } finally {
    await promisify(fs.close)(fd);
  }
}

/** fsyncs every file under `root`, then every folder (whose entries name the files). */
async function syncTree(root: string): Promise<void> {
  const entries = fs.readdirSync(root, { withFileTypes: true, recursive: true });
  const pathsOf = (kind: 'isFile' | 'isDirectory') =>
    entries.filter((entry) => entry[kind]()).map((entry) => path.join(entry.parentPath, entry.name));
  for (const paths of [pathsOf('isFile'), [...pathsOf('isDirectory'), root]]) {
    let next = 0;
    const worker = async () => {
      for (let item = paths[next++]; item !== undefined; item = paths[next++]) await syncPath(item);
    };
    await Promise.all(Array.from({ length: SYNCS_AT_ONCE }, worker));
  }
}

/** NODEFS that passes PostgreSQL's fsync calls on to the host files. */
export class DurableNodeFS extends NodeFS {
  #baseSynced = false;

  override async init(pg: PGlite, options: EmscriptenOptions) {
    const { emscriptenOpts } = await super.init(pg, options);
    const addFsync = (module: PostgresModule) => {
      const nodefs = module.NODEFS as unknown as NodeFsInternals;
      nodefs.stream_ops.fsync = (stream) =>
        nodefs.tryFSOperation(() => {
          // A stream holds a host descriptor; should it not (newer Emscripten opens none for a
          // folder, which PostgreSQL syncs after creating or renaming a file in it), the path.
          if (stream.nfd === undefined) syncPathNow(nodefs.realPath(stream.node));
          else fs.fsyncSync(stream.nfd);
          return 0;
        });
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  }

  /**
   * PGlite calls this after creating the cluster and after every query. The first call, once per
   * folder, syncs all of it: the files initdb wrote, or a folder written before durability was
   * on. A marker file records that it was done. From then on PostgreSQL syncs what it writes
   * (and syncs the whole folder itself when it recovers from a crash), so later calls have
   * nothing to do.
   */
  override async syncToFs(): Promise<void> {
    if (this.#baseSynced) return;
    const marker = path.join(this.rootDir, BASE_SYNCED_MARKER);
    if (!fs.existsSync(marker)) {
      await syncTree(this.rootDir);
      fs.writeFileSync(
        marker,
        'Every file in this folder was synced to disk once; PostgreSQL syncs its writes since.\n',
      );
      await syncPath(marker);
      await syncPath(this.rootDir);
      await syncPath(path.dirname(this.rootDir));
    }
    this.#baseSynced = true;
  }
}

/** Opens (creating it if needed) the PGlite cluster in `dir` with durable commits. */
export function openDurablePGlite(dir: string): PGlite {
  return new PGlite({ fs: new DurableNodeFS(dir), startParams: durableStartParams });
}
