/**
 * Incremental re-rendering against PostgreSQL and the disk store (issue 23, D75): a 12-slide
 * movie rendered, one slide's text changed, rendered again from the segment store; the music
 * changed; and eviction of the store by age and by size.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Movie } from '@reelwright/core';
import { startFakeS3 } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { runTool } from '../ffmpeg/ffmpeg';
import { probeMedia } from '../ffmpeg/probe';
import { renderMovie, renderSegments } from '../render/pipeline';
import { createSegmentCache, type EvictionSettings, segmentKey } from '../render/segment-cache';
import { createFileStore } from '../storage';
import { createDiskStore } from '../storage/disk-store';
import { segmentMovie as movie, SLIDES } from './fixtures';
import { segmentIndex } from './segment-index';
import { renderSegments as segmentRows } from './tables';

const FPS = 10;
const credentials = { accessKeyId: 'AKIDREELWRIGHTTEST', secretAccessKey: 'test/secret+key' };
const bucket = 'reelwright-segments';
const KEEP: EvictionSettings = { maxAgeSeconds: 86_400, maxBytes: 1e12, protectSeconds: 60 };

/** The MD5 of the decoded sound (PCM), and its length in seconds. */
async function soundOf(file: string): Promise<{ md5: string; duration: number }> {
  const out = await runTool('ffmpeg', ['-v', 'error', '-nostdin', '-i', file, '-map', '0:a', '-f', 'md5', '-']);
  const stream = (await probeMedia(file)).streams.find((s) => s.type === 'audio');
  return { md5: out.toString().trim(), duration: stream?.duration ?? 0 };
}

/** The decoded pictures' MD5s, one line per frame (`-f framemd5`, without its header). */
async function frameHashes(file: string): Promise<string[]> {
  const out = await runTool('ffmpeg', ['-v', 'error', '-nostdin', '-i', file, '-map', '0:v', '-f', 'framemd5', '-']);
  return out
    .toString()
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));
}

describe('incremental re-render with the segment store', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let dir: string;
  const files = () => createDiskStore(path.join(dir, 'store'));
  const cache = (eviction = KEEP, scope?: string) =>
    createSegmentCache({ files: files(), index: segmentIndex(database.db), eviction, scope });
  const render = (m: Movie, name: string, segments = cache()) =>
    renderMovie({ movie: m, output: path.join(dir, name), fps: FPS, localFiles: dir, segments, chunks: 1 });

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase('postgres'));
    await database.migrate();
    dir = mkdtempSync(path.join(tmpdir(), 'rw-segments-'));
    for (const [name, hz] of [
      ['music-a.wav', 330],
      ['music-b.wav', 550],
    ] as const) {
      await runTool('ffmpeg', [
        ...['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=30`],
        path.join(dir, name),
      ]);
    }
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('draws only the edited slide, equals a full render frame for frame, and redraws nothing for new music', async () => {
    const first = await render(movie(), 'first.mp4');
    expect(first.segments).toEqual({ total: SLIDES, reused: 0, drawn: SLIDES });
    expect(first.framesDrawn).toBe(SLIDES * 2 * FPS);
    expect(first.sound).toBe('mixed');

    // A text edit leaves the sound as it was: it is taken from the store, not mixed again.
    const edited = await render(movie({ slide: 4 }), 'edited.mp4');
    expect(edited.segments).toEqual({ total: SLIDES, reused: SLIDES - 1, drawn: 1 });
    expect(edited.framesDrawn).toBe(2 * FPS);
    expect(edited.sound).toBe('reused');

    const unchanged = await render(movie({ slide: 4 }), 'unchanged.mp4');
    expect(unchanged.segments).toEqual({ total: SLIDES, reused: SLIDES, drawn: 0 });
    expect(unchanged.sound).toBe('reused');

    const music = await render(movie({ slide: 4, music: 'music-b.wav' }), 'music.mp4');
    expect(music.segments).toEqual({ total: SLIDES, reused: SLIDES, drawn: 0 });
    expect(music.framesDrawn).toBe(0);
    expect(music.sound).toBe('mixed');

    // A full render of the edited movie: every segment drawn again, from an emptied store.
    await cache({ maxAgeSeconds: 0, maxBytes: 0, protectSeconds: 0 }).evict(new Date(Date.now() + 1000));
    const full = await render(movie({ slide: 4 }), 'full.mp4');
    expect(full.segments).toEqual({ total: SLIDES, reused: 0, drawn: SLIDES });
    expect(full.sound).toBe('mixed');

    const fullFrames = await frameHashes(path.join(dir, 'full.mp4'));
    expect(fullFrames).toHaveLength(SLIDES * 2 * FPS);
    expect(await frameHashes(path.join(dir, 'edited.mp4'))).toEqual(fullFrames);
    expect(await frameHashes(path.join(dir, 'unchanged.mp4'))).toEqual(fullFrames);
    expect(await frameHashes(path.join(dir, 'music.mp4'))).toEqual(fullFrames);
    // The stored sound decodes to the very samples a full render mixes, over the whole length.
    const fullSound = await soundOf(path.join(dir, 'full.mp4'));
    expect(fullSound.duration).toBeCloseTo(SLIDES * 2, 1);
    expect(await soundOf(path.join(dir, 'edited.mp4'))).toEqual(fullSound);
    expect(await soundOf(path.join(dir, 'unchanged.mp4'))).toEqual(fullSound);
    expect((await soundOf(path.join(dir, 'music.mp4'))).md5).not.toBe(fullSound.md5);
    // The edit shows: the first render differs in the edited slide's frames only.
    const before = await frameHashes(path.join(dir, 'first.mp4'));
    const changed = before.flatMap((line, i) => (line === fullFrames[i] ? [] : [i]));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((i) => i >= 4 * 2 * FPS && i < 5 * 2 * FPS)).toBe(true);

    for (const name of ['edited.mp4', 'music.mp4']) {
      const probe = await probeMedia(path.join(dir, name));
      expect(probe.duration).toBeCloseTo(SLIDES * 2, 1);
      expect(probe.streams.map((s) => s.type).sort()).toEqual(['audio', 'video']);
    }
    // Decoding the whole file reports no error (a bad join shows as broken references here).
    await runTool('ffmpeg', [
      '-v',
      'error',
      '-xerror',
      '-nostdin',
      '-i',
      path.join(dir, 'edited.mp4'),
      '-f',
      'null',
      '-',
    ]);
  });

  it('keeps each member’s segments and sound apart: identical content by another is drawn again', async () => {
    await database.db.delete(segmentRows);
    const a = await render(movie(), 'member-a.mp4', cache(KEEP, 'member:1'));
    expect(a).toMatchObject({ segments: { total: SLIDES, reused: 0, drawn: SLIDES }, sound: 'mixed' });
    // The same movie by another member finds nothing of the first's: no reuse, so no timing to tell.
    const b = await render(movie(), 'member-b.mp4', cache(KEEP, 'member:2'));
    expect(b).toMatchObject({ segments: { total: SLIDES, reused: 0, drawn: SLIDES }, sound: 'mixed' });
    // Each member still reuses their own.
    const again = await render(movie(), 'member-a-again.mp4', cache(KEEP, 'member:1'));
    expect(again).toMatchObject({ segments: { total: SLIDES, reused: SLIDES, drawn: 0 }, sound: 'reused' });
    expect(await frameHashes(path.join(dir, 'member-b.mp4'))).toEqual(
      await frameHashes(path.join(dir, 'member-a.mp4')),
    );
  });

  it('shares segments through S3: another process’s store client finds what one rendered', async () => {
    await database.db.delete(segmentRows);
    const s3 = await startFakeS3({ ...credentials, bucket });
    try {
      const config = loadConfig({
        DATA_DIR: dir,
        STORAGE: 's3',
        S3_BUCKET: bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      });
      // Two clients of the bucket, as two worker processes would have.
      const viaS3 = () =>
        createSegmentCache({ files: createFileStore(config), index: segmentIndex(database.db), eviction: KEEP });
      const first = await render(movie(), 's3-first.mp4', viaS3());
      expect(first.segments).toEqual({ total: SLIDES, reused: 0, drawn: SLIDES });
      const second = await render(movie({ slide: 4 }), 's3-edited.mp4', viaS3());
      expect(second.segments).toEqual({ total: SLIDES, reused: SLIDES - 1, drawn: 1 });
      expect(await frameHashes(path.join(dir, 's3-edited.mp4'))).toEqual(await frameHashes(path.join(dir, 'full.mp4')));
    } finally {
      await s3.close();
    }
  });

  it('renders only the segments asked for into the store (renderSegments), which a render then reuses', async () => {
    await database.db.delete(segmentRows);
    const m = movie({ slide: 7 });
    const options = { movie: m, fps: FPS, localFiles: dir, segments: cache() };
    const some = await renderSegments({ ...options, only: [0, 7, 11] });
    expect(some.segments).toHaveLength(SLIDES);
    expect(some).toMatchObject({ drawn: [0, 7, 11], reused: [], framesDrawn: 3 * 2 * FPS });
    expect((await renderSegments({ ...options, only: [7, 8] })).drawn).toEqual([8]);
    await expect(renderSegments({ ...options, only: [12] })).rejects.toThrow(/No segment 12/);
    const joined = await render(m, 'pieces.mp4');
    expect(joined.segments).toEqual({ total: SLIDES, reused: 4, drawn: SLIDES - 4 });
  });

  it('evicts segments by age and by total size, never one used within the protected time', async () => {
    await database.db.delete(segmentRows);
    const store = files();
    const index = segmentIndex(database.db);
    const now = new Date('2026-06-01T12:00:00Z');
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
    const segment = path.join(dir, 'piece.bin');
    writeFileSync(segment, Buffer.alloc(1000));
    // Used 3 days, 2 hours, 1 hour and 1 minute ago.
    for (const [hash, used] of [
      ['old', 3 * 24 * 60],
      ['twoHours', 120],
      ['oneHour', 60],
      ['running', 1],
    ] as const) {
      await store.put(segmentKey(hash), segment, 'video/mp4');
      await index.record(hash, 1000, minutesAgo(used));
    }
    const settings = { maxAgeSeconds: 86_400, maxBytes: 2500, protectSeconds: 30 * 60 };
    const evicted = await createSegmentCache({ files: store, index, eviction: settings }).evict(now);
    // By age: 'old'; then by size down to 2500 bytes: 'twoHours'. 'running' is protected.
    expect(evicted).toEqual({ segments: 2, bytes: 2000 });
    const left = (await index.list()).map((e) => e.hash).sort();
    expect(left).toEqual(['oneHour', 'running']);
    expect(await store.exists(segmentKey('old'))).toBe(false);
    expect(await store.exists(segmentKey('twoHours'))).toBe(false);
    expect(await store.exists(segmentKey('oneHour'))).toBe(true);

    // Over the size with only protected segments left: nothing is removed.
    const tight = { maxAgeSeconds: 0, maxBytes: 0, protectSeconds: 90 * 60 };
    expect(await createSegmentCache({ files: store, index, eviction: tight }).evict(now)).toEqual({
      segments: 0,
      bytes: 0,
    });
    expect(await store.exists(segmentKey('running'))).toBe(true);
  });
});
