/**
 * The worker thread of one render chunk (`chunk.ts`). Protocol with the pipeline (`pipeline.ts`):
 * workerData is the ChunkJob; the worker loads the assets and posts `{ type: 'ready', missing,
 * memory, slotOffsets }`, the shared memory its converter writes I420 frames into; the pipeline
 * answers `{ type: 'go' }` (render) or `{ type: 'stop' }`. While rendering, the worker posts
 * `{ type: 'frame', slot }` for each frame in order and the pipeline writes that slot of the
 * memory to ffmpeg (no copy between threads), then posts `{ type: 'written', slot }`;
 * `{ type: 'done' }` ends. The pipeline owns the encoders: its event loop is free to keep ffmpeg's
 * input full while this thread draws (a thread that draws cannot refill a 200 KB socket buffer
 * the moment ffmpeg empties it). Failures are thrown (the Worker's `error` event).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { MissingAsset } from '@reelwright/scene';
import { type ChunkJob, drawChunk, drawThumbnail, prepareChunk } from './chunk';
import { FrameSlots } from './frame-slots';
import { createI420Converter } from './yuv';

/** Messages a chunk worker posts. */
export type ChunkMessage =
  | { type: 'ready'; missing: MissingAsset[]; memory: SharedArrayBuffer; slotOffsets: readonly number[] }
  | { type: 'frame'; slot: number }
  | { type: 'done' };

/** Messages the pipeline posts to a chunk worker. */
export type PipelineMessage = { type: 'go' } | { type: 'written'; slot: number } | { type: 'stop' };

/**
 * Frames in flight: one being drawn or converted, the others waiting for or in the pipe. Eight
 * let the drawing run ahead while x264 is busy and keep both cores busier than three did (1.91
 * against 1.89 cores, docs/benchmarks.md round 4), for 15 MB more at 1080p.
 */
const SLOTS = 8;

const port = parentPort;
if (!port) throw new Error('chunk-worker.ts runs on a worker thread');
const job = workerData as ChunkJob;

const stopped = new AbortController();
const slots = new FrameSlots(SLOTS);
const order = new Promise<PipelineMessage>((resolve) => {
  port.on('message', (message: PipelineMessage) => {
    if (message.type === 'written') return slots.release(message.slot);
    if (message.type === 'stop') {
      stopped.abort();
      slots.wake();
    }
    resolve(message);
  });
});

const { assets, missing } = await prepareChunk(job);
const converter = createI420Converter(job.width, job.height, SLOTS);
port.postMessage({
  type: 'ready',
  missing,
  memory: converter.memory,
  slotOffsets: converter.slotOffsets,
} satisfies ChunkMessage);
if ((await order).type === 'go') {
  if (job.thumbnail) await drawThumbnail(job.movie, assets, job.thumbnail);
  await drawChunk(
    job,
    assets,
    converter,
    slots,
    (slot) => port.postMessage({ type: 'frame', slot } satisfies ChunkMessage),
    stopped.signal,
  );
  port.postMessage({ type: 'done' } satisfies ChunkMessage);
}
port.close();
