/**
 * The worker thread of one render chunk (`chunk.ts`). Protocol with the pipeline (`pipeline.ts`):
 * workerData is the ChunkJob; the worker loads the assets and posts `{ type: 'ready', missing }`;
 * the pipeline answers `{ type: 'go', buffers }` (render) or `{ type: 'stop' }`. While rendering,
 * each frame travels in one of the `buffers` (I420 frames, transferred, never copied between
 * threads): the worker posts `{ type: 'frame', buffer }` and the pipeline sends the buffer back
 * with `{ type: 'buffer', buffer }` once ffmpeg has taken it; `{ type: 'done' }` ends. The
 * pipeline owns the encoders: its event loop is free to keep ffmpeg's pipe full while this thread
 * draws (a thread that draws cannot pump a 64 KB pipe). Failures are thrown (the Worker's
 * `error` event).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { MissingAsset } from '@reelwright/scene';
import { type ChunkJob, drawChunk, drawThumbnail, prepareChunk } from './chunk';

/** Messages a chunk worker posts. */
export type ChunkMessage =
  | { type: 'ready'; missing: MissingAsset[] }
  | { type: 'frame'; buffer: ArrayBuffer }
  | { type: 'done' };

/** Messages the pipeline posts to a chunk worker. */
export type PipelineMessage =
  | { type: 'go'; buffers: ArrayBuffer[] }
  | { type: 'buffer'; buffer: ArrayBuffer }
  | { type: 'stop' };

const port = parentPort;
if (!port) throw new Error('chunk-worker.ts runs on a worker thread');
const job = workerData as ChunkJob;

const stopped = new AbortController();
const free: ArrayBuffer[] = [];
let bufferReturned: (() => void) | null = null;
const order = new Promise<PipelineMessage>((resolve) => {
  port.on('message', (message: PipelineMessage) => {
    if (message.type === 'buffer') {
      free.push(message.buffer);
      bufferReturned?.();
      return;
    }
    if (message.type === 'stop') {
      stopped.abort();
      bufferReturned?.();
    } else free.push(...message.buffers);
    resolve(message);
  });
});

const { assets, missing } = await prepareChunk(job);
port.postMessage({ type: 'ready', missing } satisfies ChunkMessage);
if ((await order).type === 'go') {
  if (job.thumbnail) await drawThumbnail(job.movie, assets, job.thumbnail);
  await drawChunk(
    job,
    assets,
    async (i420) => {
      while (free.length === 0) {
        await new Promise<void>((resolve) => {
          bufferReturned = resolve;
        });
        stopped.signal.throwIfAborted();
      }
      const buffer = free.pop()!;
      new Uint8Array(buffer).set(i420);
      port.postMessage({ type: 'frame', buffer } satisfies ChunkMessage, [buffer]);
    },
    stopped.signal,
  );
  port.postMessage({ type: 'done' } satisfies ChunkMessage);
}
port.close();
