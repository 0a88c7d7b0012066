import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { runTool } from '../ffmpeg/ffmpeg';
import { probeMedia } from '../ffmpeg/probe';

/** Bytes an uploader might not know follow the picture or sound (or hide there on purpose). */
const TRAILER = Buffer.from('TRAILING-SECRET-BYTES');
const withTrailer = (bytes: Buffer) => Buffer.concat([bytes, TRAILER]);
/** Where the photo was taken, as EXIF writes it (52°31′ N, 13°24′ E). */
const EXIF = {
  IFD0: { Make: 'TestCam', Model: 'Spy 3000' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
};
/** The GPS IFD pointer tag (0x8825), little-endian as sharp writes it. */
const GPS_POINTER = Buffer.from([0x25, 0x88]);

let dir: string;
let t: TestApp;
let cookie: string;

function form(field: string, name: string, bytes: Buffer) {
  const boundary = `----rw${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
  };
}

/** Uploads `bytes` and answers the upload and the bytes `/media/…` serves for it. */
async function uploadAndFetch(name: string, bytes: Buffer) {
  const res = await t.app.inject({ method: 'POST', url: '/api/members/uploads', ...form('file', name, bytes) });
  expect(res.statusCode, res.body).toBe(200);
  const served = await t.app.inject({ method: 'GET', url: res.json().url });
  expect(served.statusCode).toBe(200);
  return { upload: res.json(), served: served.rawPayload };
}

/** ffmpeg writes `name` from lavfi sources with `args`, and answers its bytes. */
async function ffmpegFile(name: string, args: string[]): Promise<Buffer> {
  const file = path.join(dir, name);
  await runTool('ffmpeg', ['-v', 'error', '-y', ...args, file]);
  return readFile(file);
}

/** The tags ffprobe sees on the container and its streams, and its streams, of `bytes`. */
async function probeBytes(bytes: Buffer, ext: string) {
  const file = path.join(dir, `probe-${Math.random().toString(16).slice(2)}.${ext}`);
  await writeFile(file, bytes);
  const json = await runTool('ffprobe', [
    ...['-v', 'error', '-show_entries', 'format_tags:stream_tags:stream=codec_type,codec_name', '-of', 'json', file],
  ]);
  return { json: json.toString(), probe: await probeMedia(file) };
}

// What is stored does not depend on the database: one kind (PGlite).
describe('uploads are stored without their metadata (issue 15 item 11)', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rw-clean-copy-'));
    t = await createTestApp('pglite', { CHROMIUM_PATH: 'off' });
    ({ cookie } = await buildMember(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('turns a JPEG upright and drops its EXIF (camera, GPS) and trailing bytes', async () => {
    // Left half red, right half blue; orientation 6 shows it turned a quarter clockwise (red on top).
    const halves = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#ff0000' } })
      .composite([
        { input: { create: { width: 30, height: 40, channels: 3, background: '#0000ff' } }, left: 30, top: 0 },
      ])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .withExifMerge(EXIF)
      .toBuffer();
    const before = await sharp(halves).metadata();
    expect(before).toMatchObject({ orientation: 6, width: 60, height: 40 });
    expect(before.exif?.includes('TestCam')).toBe(true);
    expect(before.exif?.includes(GPS_POINTER)).toBe(true);

    const { upload, served } = await uploadAndFetch('photo.jpg', withTrailer(halves));
    expect(upload).toMatchObject({ width: 40, height: 60 });
    const after = await sharp(served).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 40, height: 60 });
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(served.includes('TestCam')).toBe(false);
    expect(served.includes(TRAILER)).toBe(false);
    expect(served.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const pixel = async (left: number, top: number) => [
      ...(await sharp(served).extract({ left, top, width: 1, height: 1 }).raw().toBuffer()),
    ];
    expect((await pixel(20, 5))[0]).toBeGreaterThan(200); // red on top
    expect((await pixel(20, 55))[2]).toBeGreaterThan(200); // blue below
  });

  it.each([
    ['png', () => sharp({ create: { width: 50, height: 30, channels: 4, background: '#22c55e80' } }).png()],
    ['webp', () => sharp({ create: { width: 50, height: 30, channels: 3, background: '#22c55e' } }).webp()],
  ])('drops the EXIF, XMP and trailing bytes of a %s', async (ext, picture) => {
    const bytes = await picture()
      .withExif(EXIF)
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><SecretNote>TestCam</SecretNote></x:xmpmeta>')
      .toBuffer();
    const before = await sharp(bytes).metadata();
    expect(before.exif?.includes('TestCam')).toBe(true);
    expect(before.xmp).toBeDefined();

    const { served } = await uploadAndFetch(`picture.${ext}`, withTrailer(bytes));
    const after = await sharp(served).metadata();
    expect(after).toMatchObject({ format: ext, width: 50, height: 30, hasAlpha: ext === 'png' });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(served.includes('TestCam')).toBe(false);
    expect(served.includes(TRAILER)).toBe(false);
  });

  it('keeps an animated GIF animated, without its trailing bytes', async () => {
    const frames = await Promise.all(
      ['#ef4444', '#22c55e', '#3b82f6'].map((background) =>
        sharp({ create: { width: 40, height: 30, channels: 3, background } })
          .raw()
          .toBuffer(),
      ),
    );
    const gif = await sharp(Buffer.concat(frames), { raw: { width: 40, height: 90, channels: 3, pageHeight: 30 } })
      .gif({ delay: [100, 200, 300], loop: 2 })
      .toBuffer();
    const { upload, served } = await uploadAndFetch('blink.gif', withTrailer(gif));
    expect(upload).toMatchObject({ width: 40, height: 30 });
    expect(await sharp(served).metadata()).toMatchObject({
      format: 'gif',
      width: 40,
      height: 30,
      pages: 3,
      delay: [100, 200, 300],
      loop: 2,
    });
    expect(served.includes(TRAILER)).toBe(false);
  });

  it('drops the place, title and trailing bytes of a video, keeping picture and sound', async () => {
    const video = await ffmpegFile('holiday.mov', [
      ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '1', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest'],
      ...['-movflags', 'use_metadata_tags', '-metadata', 'title=SecretTitle'],
      ...['-metadata', 'com.apple.quicktime.location.ISO6709=+52.5200+013.4050/'],
      ...['-metadata:s:v:0', 'handler_name=SecretHandler'],
    ]);
    expect((await probeBytes(video, 'mov')).json).toMatch(/SecretTitle[\s\S]*\+52\.5200|\+52\.5200[\s\S]*SecretTitle/);
    expect(video.includes('SecretHandler')).toBe(true);

    const { upload, served } = await uploadAndFetch('holiday.mov', withTrailer(video));
    expect(upload).toMatchObject({ type: 'video', width: 160, height: 120 });
    const { json, probe } = await probeBytes(served, 'mov');
    expect(json).not.toMatch(/Secret|52\.52/);
    expect(probe.streams.map((s) => s.type).sort()).toEqual(['audio', 'video']);
    expect(probe.duration).toBeCloseTo(1, 0);
    for (const secret of ['SecretTitle', 'SecretHandler', '+52.5200', TRAILER.toString()]) {
      expect(served.includes(secret), secret).toBe(false);
    }
  });

  it('drops the tags and cover art of an MP3 and the tags and trailing bytes of an M4A', async () => {
    const cover = path.join(dir, 'cover.jpg');
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#f59e0b' } })
      .jpeg()
      .toFile(cover);
    const mp3 = await ffmpegFile('song.mp3', [
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1.5', '-i', cover, '-map', '0:a', '-map', '1:v'],
      ...['-c:a', 'libmp3lame', '-c:v', 'copy', '-id3v2_version', '3'],
      ...['-metadata', 'title=SecretTitle', '-metadata', 'artist=SecretArtist', '-disposition:v', 'attached_pic'],
    ]);
    expect((await probeBytes(mp3, 'mp3')).probe.streams.map((s) => s.type)).toContain('video');
    const m4a = await ffmpegFile('song.m4a', [
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1.5', '-c:a', 'aac', '-metadata', 'title=SecretTitle'],
    ]);

    const song = await uploadAndFetch('song.mp3', mp3);
    expect(song.upload).toMatchObject({ type: 'audio' });
    const songProbe = await probeBytes(song.served, 'mp3');
    expect(songProbe.json).not.toMatch(/Secret/);
    expect(songProbe.probe.streams.map((s) => s.type)).toEqual(['audio']);
    expect(song.served.includes('SecretTitle')).toBe(false);

    const tune = await uploadAndFetch('tune.m4a', withTrailer(m4a));
    expect(tune.upload).toMatchObject({ type: 'audio' });
    expect((await probeBytes(tune.served, 'm4a')).json).not.toMatch(/Secret/);
    expect(tune.served.includes('SecretTitle')).toBe(false);
    expect(tune.served.includes(TRAILER)).toBe(false);
  });

  it('drops the tags of a recording (save-mp3)', async () => {
    const take = await ffmpegFile('take.wav', [
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-metadata', 'title=SecretTitle'],
      ...['-metadata', 'artist=SecretArtist'],
    ]);
    expect(take.includes('SecretTitle')).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/queries/save-mp3',
      ...form('recording', 'take.wav', take),
    });
    expect(res.statusCode, res.body).toBe(200);
    const served = (await t.app.inject({ method: 'GET', url: res.json().url })).rawPayload;
    expect((await probeBytes(served, 'mp3')).json).not.toMatch(/Secret/);
    expect(served.includes('SecretTitle')).toBe(false);
  });
});
