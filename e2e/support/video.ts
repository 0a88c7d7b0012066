import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';

export type ProbedVideo = {
  format: { duration: string };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
};

/** ffprobe's view of an MP4: duration and streams. */
export function probe(file: string): ProbedVideo {
  const { stdout } = spawnSync('ffprobe', [
    ...['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height'],
    ...['-of', 'json', file],
  ]);
  return JSON.parse(stdout.toString()) as ProbedVideo;
}

/** The frame at `t` of an MP4 as RGB bytes, row by row. */
function rgbFrame(file: string, t: number, size: { width: number; height: number }): Buffer {
  const { stdout } = spawnSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-ss', String(t), '-i', file, '-frames:v', '1'],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    ],
    // One raw frame is width × height × 3 bytes, more than spawnSync's 1 MB default.
    { maxBuffer: size.width * size.height * 3 + 1024 },
  );
  return stdout;
}

/**
 * Bright pixels in the bottom-right corner of the frame at `t` of an MP4, where the product's
 * watermark sits: white at 0.7 opacity stays above 160 on every channel over any background.
 */
export function brightInCorner(file: string, t: number, size: { width: number; height: number }): number {
  const stdout = rgbFrame(file, t, size);
  let bright = 0;
  for (let y = Math.round(size.height * 0.85); y < size.height; y++) {
    for (let x = Math.round(size.width * 0.5); x < size.width; x++) {
      const i = (y * size.width + x) * 3;
      if (Math.min(stdout[i]!, stdout[i + 1]!, stdout[i + 2]!) > 160) bright++;
    }
  }
  return bright;
}

export type Played = { ended: boolean; currentTime: number; duration: number; error: number | null };

/**
 * Plays a `<video>` to its end, muted and fast (16×, so a minute passes in about four seconds);
 * 'ended' fires only at the very end. Runs in the page: pass it to a locator's `evaluate`.
 */
export function playVideoToEnd(v: HTMLVideoElement): Promise<Played> {
  return new Promise<Played>((resolve) => {
    const report = () =>
      resolve({ ended: v.ended, currentTime: v.currentTime, duration: v.duration, error: v.error?.code ?? null });
    v.addEventListener('ended', report, { once: true });
    v.addEventListener('error', report, { once: true });
    v.muted = true;
    v.playbackRate = 16;
    void v.play();
  });
}

/** Where the bright (near-white) pixels of the frame at `t` of an MP4 are: how many, and their centre. */
export function brightCentroid(
  file: string,
  t: number,
  size: { width: number; height: number },
): { count: number; x: number; y: number } {
  const stdout = rgbFrame(file, t, size);
  let count = 0;
  let sumX = 0;
  let sumY = 0;
  for (let y = 0; y < size.height; y++) {
    for (let x = 0; x < size.width; x++) {
      const i = (y * size.width + x) * 3;
      if (Math.min(stdout[i]!, stdout[i + 1]!, stdout[i + 2]!) > 200) {
        count++;
        sumX += x;
        sumY += y;
      }
    }
  }
  return { count, x: count ? sumX / count : 0, y: count ? sumY / count : 0 };
}

/**
 * Renders a project file to MP4 with the render CLI (the server's pipeline, without a server) at
 * a size and 30 fps, run from the repository's root.
 */
export async function renderWithCli(
  repoRoot: string,
  project: string,
  output: string,
  size: { width: number; height: number },
): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [
      ...['--single-threaded-gc', '--expose-gc', '--import', 'tsx', 'apps/server/src/main.ts', 'render'],
      ...[project, output, '--width', String(size.width), '--height', String(size.height), '--fps', '30'],
    ],
    { cwd: repoRoot },
  );
}

/** The loudest sample of an MP4's sound between `start` and `start + seconds`, in dBFS (ffmpeg volumedetect). */
export function maxVolume(file: string, start: number, seconds: number): number {
  const { stderr } = spawnSync('ffmpeg', [
    ...['-v', 'info', '-ss', String(start), '-t', String(seconds), '-i', file],
    ...['-vn', '-af', 'volumedetect', '-f', 'null', '-'],
  ]);
  const found = /max_volume: (-?[\d.]+|-inf) dB/.exec(stderr.toString());
  return !found || found[1] === '-inf' ? Number.NEGATIVE_INFINITY : Number(found[1]);
}

/** The mean colour of the frame at `t` of an MP4 inside a box given in shares of the frame. */
export function meanColour(
  file: string,
  t: number,
  size: { width: number; height: number },
  box: { left: number; top: number; width: number; height: number },
): [number, number, number] {
  const frame = rgbFrame(file, t, size);
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.round(box.top * size.height); y < Math.round((box.top + box.height) * size.height); y++) {
    for (let x = Math.round(box.left * size.width); x < Math.round((box.left + box.width) * size.width); x++) {
      const i = (y * size.width + x) * 3;
      for (let c = 0; c < 3; c++) sum[c]! += frame[i + c]!;
      n++;
    }
  }
  return sum.map((v) => v / Math.max(n, 1)) as [number, number, number];
}
