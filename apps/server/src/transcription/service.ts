/**
 * Voice-over transcription for members (spec 001 §5 "Transcription", §7 `/api/members/transcribe`):
 * a recording and its script are recorded as a transcription and queued; the client polls the
 * row until it is done. The work itself is `TranscribeJob`.
 */
import { frameText, messages, type ProjectData, plainText } from '@reelwright/core';
import { and, eq } from 'drizzle-orm';
import { abilitiesOf, type Member } from '../accounts/service';
import type { Db } from '../db/client';
import { badRequest, forbidden, notFound } from '../errors';
import type { Boss } from '../plugins/queue';
import { loadProject } from '../projects/service';
import type { TranscriptItem } from '../providers/transcription/types';
import { TranscribeJob } from './job';
import { type TranscriptionRow, transcriptions } from './tables';

/** The spec's own words (001 §6, §8). */
export const TRANSCRIBE_MESSAGES = {
  free: messages.transcriptionNotInFree,
  notFound: (id: number | string) => `Transcription ${id} not found`,
} as const;

/** A saved recording's URL (save-mp3's answer, `/media/recordings/<name>.mp3`, maybe absolute) → its file key. */
const RECORDING_URL = /^(?:https?:\/\/[^/?#]+)?\/media\/(recordings\/[0-9a-f]{32}\.mp3)(?:[?#].*)?$/;

export function recordingKeyOf(url: string): string {
  const key = RECORDING_URL.exec(url.trim())?.[1];
  if (!key) {
    throw badRequest(
      'The recording must be one saved with save-mp3 (/media/recordings/….mp3) or an uploaded file.',
      'mp3',
      'bad_recording',
    );
  }
  return key;
}

/** Only members whose plan has transcription transcribe (spec 001 §6: not the free plan). */
export function assertMayTranscribe(member: Member): void {
  if (!abilitiesOf(member).transcription) throw forbidden(TRANSCRIBE_MESSAGES.free, 'transcription_unavailable');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The project's narration script: the wizard's slide texts (a slide's lines on their own lines,
 * keyword marks removed) when it has them, otherwise the text
 * items of the video's frames (one entry per frame, paragraphs on their own lines), in order.
 */
export function scriptOfProject(data: unknown): string[] {
  if (!isRecord(data)) return [];
  const wizard = isRecord(data.wizard) ? data.wizard : {};
  const slides = Array.isArray(wizard.slides) ? wizard.slides : [];
  const slideTexts = slides
    .map((slide) =>
      isRecord(slide) && Array.isArray(slide.texts)
        ? slide.texts
            .map((line) => (isRecord(line) && typeof line.text === 'string' ? plainText(line.text).trim() : ''))
            .filter(Boolean)
            .join('\n')
        : '',
    )
    .filter(Boolean);
  if (slideTexts.length > 0) return slideTexts;
  const video = isRecord(data.video) ? (data.video as Partial<ProjectData['video']>) : {};
  return (video.frames ?? []).map((frame) => frameText({ items: frame.items ?? [] })).filter(Boolean);
}

export type TranscriptionRequestInput = {
  recordingKey: string;
  projectId?: number;
  /** An explicit script; else the project's. */
  text?: string;
  /** The transcriber to use, and whether it needs the script. */
  provider: { name: string; needsScript: boolean };
};

/** Records a transcription of the member's recording and queues it. */
export async function requestTranscription(
  deps: { db: Db; boss: Boss },
  member: Member,
  input: TranscriptionRequestInput,
): Promise<TranscriptionRow> {
  assertMayTranscribe(member);
  let texts: string[] = [];
  if (input.text?.trim()) texts = [input.text];
  else if (input.projectId !== undefined) {
    const project = await loadProject(deps.db, { userId: member.id, query: { id: input.projectId } });
    texts = scriptOfProject(project.data);
  }
  if (input.provider.needsScript && texts.length === 0) {
    throw badRequest(
      input.projectId === undefined
        ? 'Say which project the voice-over is for (proj_id) or send its text.'
        : 'The project has no text to align the recording with.',
      input.projectId === undefined ? 'proj_id' : 'text',
      'no_script',
    );
  }
  const [row] = await deps.db
    .insert(transcriptions)
    .values({
      userId: member.id,
      projectId: input.projectId ?? null,
      recordingKey: input.recordingKey,
      texts,
      provider: input.provider.name,
    })
    .returning();
  if (!row) throw new Error('the transcription was not recorded');
  try {
    const bossJobId = await TranscribeJob.enqueue(deps.boss, { transcriptionId: row.id });
    await deps.db.update(transcriptions).set({ bossJobId }).where(eq(transcriptions.id, row.id));
  } catch (error) {
    await deps.db
      .update(transcriptions)
      .set({
        status: 'failed',
        error: `Could not queue the transcription: ${(error as Error).message}`,
        finishedAt: new Date(),
      })
      .where(eq(transcriptions.id, row.id));
    throw error;
  }
  return row;
}

/** What the polling client reads: done, and the words once there are (or why there are none). */
export type TranscriptionStatus = {
  id: number;
  done: boolean;
  result_json?: { items: TranscriptItem[] };
  error?: string;
};

export function presentTranscription(row: TranscriptionRow): TranscriptionStatus {
  if (row.status === 'done') return { id: row.id, done: true, result_json: { items: row.items ?? [] } };
  // A failed transcription is done too: the client stops polling and shows the reason.
  if (row.status === 'failed') return { id: row.id, done: true, error: row.error ?? 'The transcription failed.' };
  return { id: row.id, done: false };
}

/** The member's transcription; someone else's looks exactly like a missing one. */
export async function findTranscription(db: Db, member: Member, id: number): Promise<TranscriptionRow> {
  const [row] = await db
    .select()
    .from(transcriptions)
    .where(and(eq(transcriptions.id, id), eq(transcriptions.userId, member.id)))
    .limit(1);
  if (!row) throw notFound(TRANSCRIBE_MESSAGES.notFound(id), 'transcription_not_found');
  return row;
}
