/**
 * The chunks of a split render (D76), as chunk-job.ts and join-job.ts both need them: their rows,
 * their job ids, their media resolver, and failing the render.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { createMediaResolver } from '../render/media-resolver';
import { type RenderJobContext, RenderProjectJob } from './job';
import { type RenderChunkRow, renderChunks } from './tables';

/** A pg-boss job id (a UUID) that is the same for the same name: sending it twice queues it once. */
export function stableJobId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The media resolver of a render job (stored and remote media to local files). */
export function mediaResolver(context: RenderJobContext) {
  return createMediaResolver({
    files: context.files,
    cacheDir: path.join(context.dataDir, 'cache', 'media'),
    policy: context.fetchPolicy,
  });
}

/** The chunks of a render in timeline order. */
export async function chunksOf(context: RenderJobContext, renderJobId: number): Promise<RenderChunkRow[]> {
  return context.db
    .select()
    .from(renderChunks)
    .where(eq(renderChunks.renderJobId, renderJobId))
    .orderBy(asc(renderChunks.index));
}

/** Fails the render (once; the member is told once); the segments its chunks stored stay for a retry. */
export async function failRender(context: RenderJobContext, renderJobId: number, error?: unknown): Promise<void> {
  await RenderProjectJob.onFailed(context, { renderJobId }, error);
}
