/**
 * `UploadVideoJob` (shaped like `TranscribeJob`): uploads one finished render to the member's
 * YouTube channel with a resumable upload, in chunks, writing the progress as it goes. The
 * session URL is kept, so a cut connection or a retried job continues from the bytes YouTube
 * holds. What waiting cannot fix (quota, revoked access, a refused video) fails at once with a
 * message that says what to do; outages are retried with backoff.
 */
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type Boss, createQueueWithDeadLetter } from '../plugins/queue';
import type { FileStore } from '../storage';
import { accessTokenOf, deleteConnection, findConnection } from './connections';
import type { VideoSites } from './context';
import { type VideoUploadRow, videoUploads } from './tables';
import { chunkRange, type UploadProgress, VideoSiteError } from './youtube';

export type UploadVideoProps = { uploadId: number };

const QUEUE = 'video-upload';
const DEAD_LETTER = 'video-upload-failed';
const RETRY_LIMIT = 3;
const RETRY_DELAY = 10;
/** A 1080p video of ten minutes is a few hundred MB: hours on a slow line would be wrong. */
const TIMEOUT_SECONDS = 2 * 60 * 60;
/** Cut connections in a row before the job gives up (and pg-boss retries it later). */
const MAX_RESUMES = 5;

/** What the member reads; the spec names no wording, so these say what happened and what to do. */
export const UPLOAD_MESSAGES = {
  quota: "YouTube's daily upload quota is used up. Try again tomorrow.",
  revoked:
    'Reelwright can no longer upload to your YouTube channel: its access was removed or has expired. Connect your channel again, then upload.',
  notConnected: 'Connect your YouTube channel first, then upload.',
  off: 'Publishing to YouTube is not set up on this server any more. Download the MP4 and upload it yourself.',
  missingFile: 'The rendered video is no longer stored. Render the project again, then upload.',
  timeout: 'The upload did not finish in time. Try again.',
} as const;

export type UploadVideoJobContext = {
  db: Db;
  files: FileStore;
  /** Stored MP4s on S3 are copied under `<dataDir>/tmp/video-upload`. */
  dataDir: string;
  sites: VideoSites | undefined;
  log?: (message: string) => void;
};

class UploadFailed extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const UploadVideoJob = {
  queue: QUEUE,
  deadLetter: DEAD_LETTER,

  async prepare(boss: Boss): Promise<void> {
    await createQueueWithDeadLetter(boss, QUEUE, DEAD_LETTER);
  },

  async enqueue(boss: Boss, props: UploadVideoProps): Promise<string> {
    await UploadVideoJob.prepare(boss);
    const id = await boss.send(QUEUE, props, {
      retryLimit: RETRY_LIMIT,
      retryDelay: RETRY_DELAY,
      retryBackoff: true,
      expireInSeconds: TIMEOUT_SECONDS,
    });
    if (!id) throw new Error('the queue refused the job');
    return id;
  },

  async perform(context: UploadVideoJobContext, props: UploadVideoProps): Promise<VideoUploadRow | undefined> {
    const row = await find(context.db, props.uploadId);
    if (!row || row.status === 'done' || row.status === 'failed') return row;
    try {
      return await upload(context, row);
    } catch (error) {
      if (error instanceof UploadFailed) return fail(context, row, error.code, error.message);
      const failed = asFailure(error);
      if (failed) {
        if (failed.code === 'revoked') await deleteConnection(context.db, row.userId);
        return fail(context, row, failed.code, failed.message);
      }
      await update(context.db, row.id, { status: 'queued', error: (error as Error).message });
      throw error;
    }
  },

  /** Retries spent (or the job timed out): the upload fails with the last reason. */
  async onFailed(context: UploadVideoJobContext, props: UploadVideoProps) {
    const row = await find(context.db, props.uploadId);
    if (!row || row.status === 'done' || row.status === 'failed') return row;
    const reason = row.error
      ? `YouTube could not be reached (${row.error}). Try again later.`
      : UPLOAD_MESSAGES.timeout;
    return fail(context, row, 'failed', reason);
  },
};

/** The error as a final failure, or undefined when trying again may help. */
function asFailure(error: unknown): UploadFailed | undefined {
  if (error instanceof VideoSiteError) {
    if (error.kind === 'quota') return new UploadFailed('quota', UPLOAD_MESSAGES.quota);
    if (error.kind === 'revoked') return new UploadFailed('revoked', UPLOAD_MESSAGES.revoked);
    if (error.kind === 'rejected') return new UploadFailed('rejected', error.message);
    if (error.kind === 'config') return new UploadFailed('failed', error.message);
    return undefined;
  }
  if (error instanceof Error && 'statusCode' in error && error.statusCode === 404) {
    return new UploadFailed('failed', UPLOAD_MESSAGES.missingFile);
  }
  return undefined;
}

async function upload(context: UploadVideoJobContext, row: VideoUploadRow): Promise<VideoUploadRow | undefined> {
  const { db, sites } = context;
  if (!sites) throw new UploadFailed('failed', UPLOAD_MESSAGES.off);
  const connection = await findConnection(db, row.userId);
  if (!connection) throw new UploadFailed('not_connected', UPLOAD_MESSAGES.notConnected);
  const file = await context.files.localCopy(row.fileKey, path.join(context.dataDir, 'tmp', 'video-upload'));
  const total = (await stat(file)).size;

  let accessToken = await accessTokenOf(db, sites, connection);
  /** Calls YouTube; a refused access token is refreshed once, and a second refusal means revoked. */
  const authorized = async <T>(call: (token: string) => Promise<T>): Promise<T> => {
    try {
      return await call(accessToken);
    } catch (error) {
      if (!(error instanceof VideoSiteError && error.kind === 'revoked')) throw error;
      accessToken = await accessTokenOf(db, sites, connection, { force: true });
      return call(accessToken);
    }
  };

  let sessionUrl = row.sessionUrl;
  let progress: UploadProgress | undefined;
  if (sessionUrl) {
    // A retried job goes on where the last attempt stopped, unless the session has expired.
    const stored = sessionUrl;
    progress = await authorized((token) => sites.client.progress(token, stored, total)).catch((error) => {
      if (error instanceof VideoSiteError && error.kind === 'session_gone') return undefined;
      throw error;
    });
  }
  if (!sessionUrl || !progress) {
    const opened = await authorized((token) =>
      sites.client.startUpload(token, {
        title: row.title,
        description: row.description,
        tags: row.tags,
        privacy: row.privacy,
        bytes: total,
        contentType: 'video/mp4',
      }),
    );
    sessionUrl = opened;
    progress = { done: false, received: 0 };
  }
  await update(db, row.id, {
    status: 'uploading',
    sessionUrl,
    bytesTotal: total,
    bytesSent: progress.done ? total : progress.received,
    error: null,
  });

  const handle = await open(file, 'r');
  try {
    let resumes = 0;
    /** False after a cut connection: YouTube is asked how far it got before going on. */
    let known = true;
    for (;;) {
      try {
        if (!known) {
          progress = await authorized((token) => sites.client.progress(token, sessionUrl, total));
          known = true;
        }
        if (progress.done) break;
        await update(db, row.id, { bytesSent: progress.received });
        const { first, last } = chunkRange(progress.received, total, sites.settings.chunkBytes);
        const bytes = Buffer.alloc(last - first + 1);
        await handle.read(bytes, 0, bytes.length, first);
        progress = await authorized((token) => sites.client.sendChunk(token, sessionUrl, { bytes, first, total }));
        resumes = 0;
      } catch (error) {
        if (!(error instanceof VideoSiteError && error.kind === 'unavailable') || ++resumes > MAX_RESUMES) throw error;
        context.log?.(`video upload ${row.id}: ${error.message}; resuming`);
        await pause(200 * 2 ** resumes);
        known = false;
      }
    }
    return await update(db, row.id, {
      status: 'done',
      bytesSent: total,
      videoId: progress.video.id,
      videoUrl: progress.video.url,
      error: null,
      errorCode: null,
      finishedAt: new Date(),
    });
  } finally {
    await handle.close();
  }
}

async function fail(context: UploadVideoJobContext, row: VideoUploadRow, code: string, message: string) {
  context.log?.(`video upload ${row.id} failed (${code}): ${message}`);
  return update(context.db, row.id, { status: 'failed', errorCode: code, error: message, finishedAt: new Date() });
}

async function find(db: Db, id: number): Promise<VideoUploadRow | undefined> {
  const [row] = await db.select().from(videoUploads).where(eq(videoUploads.id, id)).limit(1);
  return row;
}

async function update(db: Db, id: number, changes: Partial<typeof videoUploads.$inferInsert>) {
  const [row] = await db
    .update(videoUploads)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(videoUploads.id, id))
    .returning();
  return row;
}
