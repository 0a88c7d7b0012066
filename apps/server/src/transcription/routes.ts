import multipart from '@fastify/multipart';
import { endpoints, TranscribeFieldsSchema } from '@reelwright/core';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { badRequest } from '../errors';
import { multipartError } from '../plugins/multipart';
import { transcriberName } from '../providers/transcription/registry';
import { routeOf } from '../route-of';
import { RECORDING_MAX_BYTES, recordingTooLarge, saveRecording, usableSpeechKeys } from '../speech/service';
import {
  assertMayTranscribe,
  findTranscription,
  presentTranscription,
  recordingKeyOf,
  requestTranscription,
} from './service';

export type TranscribeRoutesOptions = {
  /** The transcriber jobs are recorded for; by default the configured one's. */
  provider?: { name: string; needsScript: boolean };
};

/**
 * `POST /transcribe` (a recording — a save-mp3 URL as `mp3`/`url`, or an uploaded file — with
 * `proj_id` or `text`) queues a transcription and answers `{ id, done: false }`; `GET
 * /transcribe?id=` answers `{ done, result_json: { items } }` once done, or `{ done: true, error }`.
 * Members only; free members are refused (spec 001 §6). Registered under `/api/members`.
 */
export const transcribeRoutes: FastifyPluginAsyncZod<TranscribeRoutesOptions> = async (app, options) => {
  const provider = options.provider ?? {
    name: transcriberName(app.config),
    needsScript: transcriberName(app.config) === 'align',
  };
  await app.register(multipart, { limits: { fileSize: RECORDING_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw recordingTooLarge();
    }
    throw error;
  });

  app.route({
    ...routeOf(app, endpoints.transcribeStart),
    // Before the body is read: visitors and free members are refused unread.
    onRequest: async (request) => {
      assertMayTranscribe(requireMember(request));
    },
    bodyLimit: RECORDING_MAX_BYTES + 64 * 1024,
    handler: async (request) => {
      const member = requireMember(request);
      const { fields, file } = await readRequest(request);
      const parsed = TranscribeFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badRequest(issue?.message ?? 'Invalid request.', issue?.path.join('.'));
      }
      const url = parsed.data.mp3 ?? parsed.data.url;
      let recordingKey: string;
      if (file) recordingKey = recordingKeyOf((await saveRecording(app, member.id, file)).url);
      else if (url) {
        recordingKey = recordingKeyOf(url);
        // Another member's recording is refused like a missing one (docs/security.md V12).
        const usable = await usableSpeechKeys(app.db, member.id, [recordingKey]);
        if (!usable.has(recordingKey) || !(await app.files.exists(recordingKey)))
          throw badRequest('That recording is not stored here.', 'mp3', 'bad_recording');
      } else throw badRequest('Send the recording: a save-mp3 URL (mp3) or the file.', 'mp3', 'no_recording');
      const row = await requestTranscription({ db: app.db, boss: app.queue }, member, {
        recordingKey,
        projectId: parsed.data.proj_id,
        text: parsed.data.text,
        provider,
      });
      return presentTranscription(row);
    },
  });

  app.route({
    ...routeOf(app, endpoints.transcribeStatus),
    onRequest: async (request) => {
      assertMayTranscribe(requireMember(request));
    },
    handler: async (request) =>
      presentTranscription(await findTranscription(app.db, requireMember(request), request.query.id)),
  });
};

/** The fields and the (first) file of a multipart form, or the JSON body's fields. */
async function readRequest(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; file?: Buffer }> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {} };
  }
  const fields: Record<string, unknown> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) await part.toBuffer();
        else file = await part.toBuffer();
      } else fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  } catch (error) {
    throw multipartError(error, 'mp3');
  }
  return { fields, file };
}
