/**
 * The segment store (D75): encoded segments, and encoded sound tracks (D82), kept in the file
 * store under `segments/<key>.mp4` (the data folder, or the S3 bucket every worker shares), and an
 * index of them (key, bytes, when stored and last used) that the render domain keeps in the
 * database. Eviction removes the least recently used past an age or a total size, never one used
 * within `protectSeconds`: a render running now may still be joining it.
 *
 * A store opened with a `scope` (the member whose render it is) files each entry under a key
 * derived from the scope and the content's hash, so one member's render never finds another's
 * entries: identical content is drawn again, and no timing tells what another member rendered.
 */
import { createHash } from 'node:crypto';
import type { FileStore } from '../storage';

/** One stored segment as the index knows it. */
export type SegmentEntry = { hash: string; bytes: number; createdAt: Date; lastUsedAt: Date };

/** Where the store's segments are listed (the database's `render_segments` in the app). */
export interface SegmentIndex {
  /** Records a stored segment as used at `now` (again: just marks it used). */
  record(hash: string, bytes: number, now: Date): Promise<void>;
  /** Marks those of `hashes` the index knows as used at `now`; returns them. */
  touch(hashes: string[], now: Date): Promise<Set<string>>;
  list(): Promise<SegmentEntry[]>;
  /** Removes entries, only those still unused since `before` (a render may have taken one meanwhile). */
  remove(hashes: string[], before: Date): Promise<string[]>;
}

/** How long segments are kept, and how many bytes of them at most. */
export type EvictionSettings = {
  maxAgeSeconds: number;
  maxBytes: number;
  /** Segments used this recently are never evicted (at least the longest a render may take). */
  protectSeconds: number;
};

/** The key an entry of content `hash` is filed under in `scope` (the hash itself without one). */
export function scopedKey(hash: string, scope?: string): string {
  return scope === undefined ? hash : createHash('sha256').update(`${scope}\0${hash}`).digest('hex');
}

export type SegmentCache = {
  /**
   * Local files of the stored segments among `hashes` (S3's downloaded into `dir`), marked used
   * now. A segment the index lists but the store lost is left out (and drawn again).
   */
  fetch(hashes: string[], dir: string): Promise<Map<string, string>>;
  /** Which of `hashes` are stored, marked used now, without copying them (a chunk only draws the others). */
  present(hashes: string[]): Promise<Set<string>>;
  /** Stores an encoded segment under its hash (readers see the whole file or none). */
  store(hash: string, file: string): Promise<void>;
  /** Removes what the settings say is too old or too much; returns what was removed. */
  evict(now?: Date): Promise<{ segments: number; bytes: number }>;
};

export const segmentKey = (hash: string) => `segments/${hash}.mp4`;

/**
 * Which entries to evict at `now`: every one unused for longer than `maxAgeSeconds`, then the
 * least recently used until the rest fit in `maxBytes`; none used within `protectSeconds`.
 */
export function chooseEvictions(entries: SegmentEntry[], now: Date, settings: EvictionSettings): SegmentEntry[] {
  const protectedSince = now.getTime() - settings.protectSeconds * 1000;
  const oldestKept = now.getTime() - settings.maxAgeSeconds * 1000;
  const byUse = [...entries].sort((a, b) => a.lastUsedAt.getTime() - b.lastUsedAt.getTime());
  let total = entries.reduce((sum, e) => sum + e.bytes, 0);
  const evicted: SegmentEntry[] = [];
  for (const entry of byUse) {
    const used = entry.lastUsedAt.getTime();
    if (used >= protectedSince) break;
    if (used < oldestKept || total > settings.maxBytes) {
      evicted.push(entry);
      total -= entry.bytes;
    }
  }
  return evicted;
}

export function createSegmentCache(options: {
  files: FileStore;
  index: SegmentIndex;
  eviction: EvictionSettings;
  /** Whose renders these are (e.g. `member:<id>`): entries of other scopes are never found. */
  scope?: string;
}): SegmentCache {
  const { files, index, eviction, scope } = options;
  const keyOf = (hash: string) => scopedKey(hash, scope);
  return {
    async fetch(hashes, dir) {
      const known = await index.touch(hashes.map(keyOf), new Date());
      const found = new Map<string, string>();
      for (const hash of hashes) {
        const key = keyOf(hash);
        if (!known.has(key) || found.has(hash)) continue;
        try {
          found.set(hash, await files.localCopy(segmentKey(key), dir));
        } catch {
          // Listed but gone from the store: drawn again, and stored again.
        }
      }
      return found;
    },
    async present(hashes) {
      const known = await index.touch(hashes.map(keyOf), new Date());
      const found = new Set<string>();
      for (const hash of new Set(hashes)) {
        if (known.has(keyOf(hash)) && (await files.exists(segmentKey(keyOf(hash))))) found.add(hash);
      }
      return found;
    },
    async store(hash, file) {
      const key = keyOf(hash);
      const { bytes } = await files.put(segmentKey(key), file, 'video/mp4');
      await index.record(key, bytes, new Date());
    },
    async evict(now = new Date()) {
      const chosen = chooseEvictions(await index.list(), now, eviction);
      const before = new Date(now.getTime() - eviction.protectSeconds * 1000);
      // The row goes first: a render that finds no row draws the segment instead of reading a file being deleted.
      const removed = new Set(
        await index.remove(
          chosen.map((e) => e.hash),
          before,
        ),
      );
      let bytes = 0;
      for (const entry of chosen) {
        if (!removed.has(entry.hash)) continue;
        await files.remove(segmentKey(entry.hash));
        bytes += entry.bytes;
      }
      return { segments: removed.size, bytes };
    },
  };
}

/** An index kept in this process only: for the bench and tools with no database (the app uses `render_segments`). */
export function memorySegmentIndex(): SegmentIndex {
  const entries = new Map<string, SegmentEntry>();
  return {
    async record(hash, bytes, now) {
      entries.set(hash, { hash, bytes, createdAt: entries.get(hash)?.createdAt ?? now, lastUsedAt: now });
    },
    async touch(hashes, now) {
      const known = new Set(hashes.filter((hash) => entries.has(hash)));
      for (const hash of known) entries.get(hash)!.lastUsedAt = now;
      return known;
    },
    list: async () => [...entries.values()],
    async remove(hashes, before) {
      const removed = hashes.filter((hash) => (entries.get(hash)?.lastUsedAt ?? before) < before);
      for (const hash of removed) entries.delete(hash);
      return removed;
    },
  };
}
