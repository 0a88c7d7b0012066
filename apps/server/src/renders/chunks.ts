/**
 * The chunks of a split render (D76), as chunk-job.ts and join-job.ts both need them: their rows,
 * the keys of what they store, the deletion of those files, and failing the render.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { createMediaResolver } from '../render/media-resolver';
import { message, type RenderJobContext, RenderProjectJob } from './job';
import { type RenderChunkRow, renderChunks } from './tables';

/**
 * Where a chunk attempt stores its segment (and chunk 0 the thumbnail). Each attempt has its own
 * key, so an attempt presumed dead that still finishes never overwrites the one recorded done.
 */
export const chunkKeys = (publicId: string, index: number, attempt: number) => ({
  video: `renders/${publicId}/chunks/${index}-${attempt}.mp4`,
  thumbnail: `renders/${publicId}/chunks/${index}-${attempt}.jpg`,
});

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

/** Deletes every segment and thumbnail the render's chunks stored (done attempts). */
export async function removeChunkFiles(context: RenderJobContext, renderJobId: number): Promise<void> {
  const chunks = await chunksOf(context, renderJobId);
  const keys = chunks.flatMap((c) => [c.storageKey, c.thumbnailKey].filter((key): key is string => key !== null));
  await removeStored(context, keys);
}

export async function removeStored(context: RenderJobContext, keys: string[]): Promise<void> {
  for (const key of keys) {
    await context.files.remove(key).catch((error: unknown) => {
      context.log?.(`could not delete ${key}: ${message(error)}`);
    });
  }
}

/** Fails the render (once; the member is told once) and deletes the chunks it stored. */
export async function failRender(context: RenderJobContext, renderJobId: number, error?: unknown): Promise<void> {
  await RenderProjectJob.onFailed(context, { renderJobId }, error);
  await removeChunkFiles(context, renderJobId);
}
