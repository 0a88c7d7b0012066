import multipart from '@fastify/multipart';
import { ApiErrorSchema } from '@reelwright/core';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../error-responses';
import { AppError, badRequest } from '../errors';
import { requireMember } from '../plugins/session';
import { createTtsProviders, type TtsProviders } from '../providers/tts/registry';
import { RECORDING_MAX_BYTES, recordingTooLarge, saveRecording } from './recordings';
import {
  presentVoice,
  SavedRecordingSchema,
  SpeakBodySchema,
  SpokenClipSchema,
  TtsQuerySchema,
  VoiceListSchema,
} from './schemas';
import { demoClip, listVoices, SPEECH_MESSAGES, type SpeechDeps, speak } from './service';

export type SpeechRoutesOptions = {
  /** The providers to speak with; by default eSpeak plus the configured vendors (closed with the app). */
  tts?: TtsProviders;
};

const speechErrors = { ...errorResponses, 403: ApiErrorSchema, 502: ApiErrorSchema, 503: ApiErrorSchema } as const;

/** Raw recording bodies (besides multipart/form-data): the browser's Blob as it is. */
const RAW_AUDIO_TYPES = [/^audio\//, /^video\/(webm|ogg|mp4)/, 'application/octet-stream'];

/**
 * The speech calls of spec 001 §7 and 000 §7 at `/api/queries`: `GET /tts` (voices, demo or
 * speech), `POST /tts` (speech) and `POST /save-mp3` (a recording). The voice list and demos are
 * public; speech and recordings are for members.
 */
export const speechRoutes: FastifyPluginAsyncZod<SpeechRoutesOptions> = async (app, options) => {
  const tts = options.tts ?? createTtsProviders(app.config, { log: (m) => app.log.warn(m) });
  if (!options.tts) app.addHook('onClose', () => tts.close());
  const deps: SpeechDeps = { db: app.db, files: app.files, tts, log: app.log };

  await app.register(multipart, { limits: { fileSize: RECORDING_MAX_BYTES, files: 1, fields: 20, parts: 25 } });
  for (const type of RAW_AUDIO_TYPES) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: RECORDING_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
  }
  // Size errors of this scope name the limit; everything else goes on to the app's handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw recordingTooLarge();
    }
    throw error;
  });

  app.get(
    '/tts',
    {
      schema: { querystring: TtsQuerySchema, response: { 200: VoiceListSchema.or(SpokenClipSchema), ...speechErrors } },
    },
    async (request, reply) => {
      const query = request.query;
      if (query.voices) {
        const voices = await listVoices(tts, { engine: query.engine, member: request.member });
        return voices.map(presentVoice);
      }
      if (query.demo) {
        const voiceId = query.voice ?? query.voiceId;
        if (!voiceId) throw badRequest('Say which voice to demonstrate (voice=…).', 'voice', 'voice_required');
        const clip = await demoClip(deps, voiceId, query.lang);
        return query.redir ? reply.header('Cache-Control', 'no-cache').redirect(clip.url, 302) : clip;
      }
      return speak(deps, request.member, { ...query, text: query.text ?? '' });
    },
  );

  app.post(
    '/tts',
    {
      // A visitor hears the spec's hint before anything about their input.
      preValidation: async (request) => {
        if (!request.member) throw new AppError(401, 'signup_required', SPEECH_MESSAGES.visitor);
      },
      schema: { body: SpeakBodySchema, response: { 200: SpokenClipSchema, ...speechErrors } },
    },
    async (request) => {
      const { settings, ...body } = request.body;
      return speak(deps, request.member, {
        ...body,
        voiceId: body.voiceId ?? settings?.voiceId,
        lang: body.lang ?? settings?.lang,
      });
    },
  );

  app.post(
    '/save-mp3',
    {
      // Before the body is read: a visitor's upload is refused unread.
      onRequest: async (request) => {
        requireMember(request);
      },
      schema: { response: { 200: SavedRecordingSchema, ...speechErrors } },
    },
    async (request) => saveRecording(app.files, await recordingBytes(request)),
  );
};

/** The recording: the first file of a multipart form, or the raw body. */
async function recordingBytes(request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) {
    const file = await request.file();
    if (!file) throw badRequest('Attach the recording as a file.', 'recording', 'no_recording');
    return file.toBuffer();
  }
  if (Buffer.isBuffer(request.body)) return request.body;
  throw badRequest(
    'Send the recording as multipart/form-data (field "recording") or as the raw audio body (Content-Type: audio/…).',
    'recording',
    'no_recording',
  );
}
