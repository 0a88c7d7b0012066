/** Rendering's slice of the configuration: where render jobs run, their time limit, daily quotas (config-slice.ts). */
import { availableParallelism } from 'node:os';
import type { Plan } from '@reelwright/core';
import { z } from 'zod';
import { type EnvOf, flag } from '../config-slice';

const count = () => z.coerce.number().int().min(0);
const seconds = () => z.coerce.number().int().min(1);

export const renderEnv = {
  RENDER_WORKERS_IN_PROCESS: flag
    .default(true)
    .describe('render in the server process; turn off when `npm run worker -w apps/server` processes render'),
  RENDER_TIMEOUT_SECONDS: seconds()
    .default(1800)
    .describe(
      "the longest a render attempt may take before it fails (and is retried); also how soon a dead worker's job returns",
    ),
  RENDER_CHUNK_SECONDS: count()
    .default(300)
    .describe(
      'a video longer than this is rendered in chunks no longer than this, each a job any worker process may take (D76); more and shorter chunks when more worker slots are free (D87); 0 never splits',
    ),
  RENDER_CHUNK_MIN_SECONDS: seconds()
    .default(30)
    .describe('the shortest chunk a split video is cut into however many worker slots are free (D87)'),
  RENDER_CHUNKS_MAX: seconds().default(32).describe('the most chunks one video is split into (D87)'),
  RENDER_CHUNK_SLOTS: count()
    .default(0)
    .describe('chunk jobs a worker process renders at once; 0: one per two cores (D76)'),
  RENDER_CHECK_SECONDS: seconds().default(60).describe("how often the queue looks for expired jobs (a dead worker's)"),
  THUMBNAIL_DELAY_SECONDS: seconds()
    .default(5)
    .describe("how long after a save a project's poster frame is drawn; saves meanwhile join the same drawing (D69)"),
  RENDER_SEGMENTS: flag
    .default(true)
    .describe(
      'keep rendered segments (`segments/` in the file store) and reuse the unchanged ones when a project is rendered again (D75)',
    ),
  RENDER_SEGMENTS_MAX_AGE_DAYS: z.coerce
    .number()
    .min(0)
    .default(30)
    .describe('segments unused for longer are removed after a render'),
  RENDER_SEGMENTS_MAX_MB: z.coerce
    .number()
    .min(0)
    .default(20_000)
    .describe(
      'the most megabytes of segments kept: past it, the least recently used are removed after a render (none used within RENDER_TIMEOUT_SECONDS)',
    ),
  RENDER_QUOTA_FREE: count()
    .default(5)
    .describe("renders a member on the free plan may queue a day (the member's local day)"),
  RENDER_QUOTA_PAID: count().default(50).describe('renders a member on the paid plan may queue a day'),
  RENDER_QUOTA_BUSINESS: count().default(500).describe('renders a member on the business plan may queue a day'),
};

export function renderConfig(e: EnvOf<typeof renderEnv>) {
  return {
    workersInProcess: e.RENDER_WORKERS_IN_PROCESS,
    timeoutSeconds: e.RENDER_TIMEOUT_SECONDS,
    checkSeconds: e.RENDER_CHECK_SECONDS,
    chunkSeconds: e.RENDER_CHUNK_SECONDS,
    minChunkSeconds: e.RENDER_CHUNK_MIN_SECONDS,
    maxChunks: e.RENDER_CHUNKS_MAX,
    /** Chunk jobs this process renders at once (D76): as many as `renderMovie` starts drawing threads. */
    chunkSlots: e.RENDER_CHUNK_SLOTS || Math.max(1, Math.floor(availableParallelism() / 2)),
    thumbnailDelaySeconds: e.THUMBNAIL_DELAY_SECONDS,
    /** The segment store (D75): off, or how long and how much it keeps; a render may still use what it joins within the render timeout. */
    segments: e.RENDER_SEGMENTS
      ? {
          maxAgeSeconds: e.RENDER_SEGMENTS_MAX_AGE_DAYS * 86_400,
          maxBytes: e.RENDER_SEGMENTS_MAX_MB * 1_000_000,
          protectSeconds: e.RENDER_TIMEOUT_SECONDS,
        }
      : null,
    dailyQuota: {
      free: e.RENDER_QUOTA_FREE,
      paid: e.RENDER_QUOTA_PAID,
      business: e.RENDER_QUOTA_BUSINESS,
    } satisfies Record<Plan, number>,
  };
}
