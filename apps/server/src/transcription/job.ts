/**
 * `TranscribeJob` (STYLE 13, shaped like `RenderProjectJob`): transcribes one voice-over — the
 * stored recording aligned with its script by the configured transcriber — and records the
 * words with their times. `perform` is safe to run twice (a finished row returns early);
 * failures the member cannot fix by waiting (no words, a bad key) fail at once, others are
 * retried with backoff, and `onFailed` records the reason once retries are spent.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type Boss, createQueueWithDeadLetter } from '../plugins/queue';
import { ProviderError } from '../providers/http/provider-error';
import type { TranscriptionProvider } from '../providers/transcription/types';
import type { FileStore } from '../storage';
import { type TranscriptionRow, transcriptions } from './tables';

export type TranscribeProps = { transcriptionId: number };

const QUEUE = 'transcribe';
const DEAD_LETTER = 'transcribe-failed';
const RETRY_LIMIT = 2;
const RETRY_DELAY = 5;
/** A 15-minute recording aligns in well under a minute; this bounds a stuck or dead worker. */
export const TRANSCRIBE_TIMEOUT_SECONDS = 15 * 60;

export type TranscribeJobContext = {
  db: Db;
  files: FileStore;
  /** S3 recordings are copied under `<dataDir>/tmp/transcribe`. */
  dataDir: string;
  /** The transcriber of a row's `provider` (the configured one; undefined if it is no longer offered). */
  transcriber(name: string): TranscriptionProvider | undefined;
  log?: (message: string) => void;
};

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const isPermanent = (error: unknown) =>
  (error instanceof ProviderError && error.permanent) ||
  (error instanceof Error && 'statusCode' in error && error.statusCode === 404);

export const TranscribeJob = {
  queue: QUEUE,
  deadLetter: DEAD_LETTER,

  async prepare(boss: Boss): Promise<void> {
    await createQueueWithDeadLetter(boss, QUEUE, DEAD_LETTER);
  },

  async enqueue(boss: Boss, props: TranscribeProps): Promise<string> {
    await TranscribeJob.prepare(boss);
    const id = await boss.send(QUEUE, props, {
      retryLimit: RETRY_LIMIT,
      retryDelay: RETRY_DELAY,
      retryBackoff: true,
      expireInSeconds: TRANSCRIBE_TIMEOUT_SECONDS,
    });
    if (!id) throw new Error('the queue refused the job');
    return id;
  },

  async perform(context: TranscribeJobContext, props: TranscribeProps): Promise<TranscriptionRow | undefined> {
    const row = await find(context.db, props.transcriptionId);
    if (!row || row.status === 'done' || row.status === 'failed') return row;
    await update(context.db, row.id, { status: 'running' });
    try {
      const transcriber = context.transcriber(row.provider);
      if (!transcriber) {
        throw new ProviderError(row.provider, 'bad_request', `The ${row.provider} transcriber is not configured.`);
      }
      const recording = await context.files.localCopy(
        row.recordingKey,
        path.join(context.dataDir, 'tmp', 'transcribe'),
      );
      const { items } = await transcriber.transcribe({ recording, recordingKey: row.recordingKey, texts: row.texts });
      return await update(context.db, row.id, { status: 'done', items, error: null, finishedAt: new Date() });
    } catch (error) {
      if (isPermanent(error)) return TranscribeJob.onFailed(context, props, error);
      await update(context.db, row.id, { status: 'queued', error: message(error) });
      throw error;
    }
  },

  async onFailed(context: TranscribeJobContext, props: TranscribeProps, error?: unknown) {
    const row = await find(context.db, props.transcriptionId);
    if (!row || row.status === 'done' || row.status === 'failed') return row;
    const reason = error === undefined ? (row.error ?? 'The transcription did not finish in time.') : message(error);
    context.log?.(`transcription ${row.id} failed: ${reason}`);
    return update(context.db, row.id, { status: 'failed', error: reason, finishedAt: new Date() });
  },
};

async function find(db: Db, id: number): Promise<TranscriptionRow | undefined> {
  const [row] = await db.select().from(transcriptions).where(eq(transcriptions.id, id)).limit(1);
  return row;
}

async function update(db: Db, id: number, changes: Partial<typeof transcriptions.$inferInsert>) {
  const [row] = await db
    .update(transcriptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(transcriptions.id, id))
    .returning();
  return row;
}
