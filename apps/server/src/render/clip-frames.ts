import { createCanvas, ImageData } from '@napi-rs/canvas';
import type { VideoSource } from '@reelwright/scene';
import { runTool } from '../ffmpeg/ffmpeg';
import { probeMedia } from '../ffmpeg/probe';

/** Decoded frames kept as canvases at once, per clip (a frame may be drawn more than once). */
const CANVAS_CACHE = 8;

/**
 * Decodes a clip with ffmpeg into RGBA frames at the output rate (DESIGN §7), no larger than
 * `maxWidth × maxHeight`, and serves them by time: frame i shows from i / fps. All frames stay
 * in memory, which suits short clips; long or large clips need streaming decode (later).
 */
export async function decodeClip(file: string, fps: number, maxWidth: number, maxHeight: number): Promise<VideoSource> {
  const probe = await probeMedia(file);
  const stream = probe.streams.find((s) => s.type === 'video');
  if (!stream?.width || !stream.height) throw new Error(`${file}: no video stream`);
  const scale = Math.min(1, maxWidth / stream.width, maxHeight / stream.height);
  const width = Math.max(2, Math.round(stream.width * scale));
  const height = Math.max(2, Math.round(stream.height * scale));
  const raw = await runTool('ffmpeg', [
    ...['-v', 'error', '-nostdin', '-i', file, '-an'],
    ...['-vf', `fps=${fps},scale=${width}:${height}`, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'],
  ]);
  const frameBytes = width * height * 4;
  const count = Math.floor(raw.length / frameBytes);
  if (count === 0) throw new Error(`${file}: no frames decoded`);
  const canvases = new Map<number, CanvasImageSource>();
  return {
    duration: probe.duration || count / fps,
    frameAt(time) {
      const index = Math.min(count - 1, Math.max(0, Math.floor(time * fps + 1e-6)));
      let canvas = canvases.get(index);
      if (!canvas) {
        const frame = createCanvas(width, height);
        const pixels = new Uint8ClampedArray(raw.buffer, raw.byteOffset + index * frameBytes, frameBytes);
        frame.getContext('2d').putImageData(new ImageData(pixels, width, height), 0, 0);
        canvas = frame as unknown as CanvasImageSource;
        if (canvases.size >= CANVAS_CACHE) canvases.delete(canvases.keys().next().value as number);
        canvases.set(index, canvas);
      }
      return canvas;
    },
  };
}
