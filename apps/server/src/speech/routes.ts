import multipart from '@fastify/multipart';
import { endpoints, type TtsQuery } from '@reelwright/core';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { BODY_LIMITS } from '../body-limits';
import { AppError, badRequest } from '../errors';
import { filePartBytes, firstFilePart } from '../plugins/multipart';
import { createTtsProviders, type TtsProviders } from '../providers/tts/registry';
import { routeOf } from '../route-of';
import { presentVoice } from './presenter';
import { previewRateLimit } from './preview-rate-limit';
import { RECORDING_MAX_BYTES, recordingTooLarge, saveRecording } from './recordings';
import { demoClip, listVoices, SPEECH_MESSAGES, type SpeechDeps, speak, speakPreview } from './service';

export type SpeechRoutesOptions = {
  /** The providers to speak with; by default eSpeak plus the configured vendors (closed with the app). */
  tts?: TtsProviders;
  /** Throws (a 404) unless the project is the member's (SpeechDeps.assertOwnProject). */
  assertOwnProject: SpeechDeps['assertOwnProject'];
};

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
  const deps: SpeechDeps = {
    db: app.db,
    files: app.files,
    tts,
    log: app.log,
    assertOwnProject: options.assertOwnProject,
  };

  await app.register(multipart, { limits: { fileSize: RECORDING_MAX_BYTES, files: 1, fields: 20, parts: 25 } });
  for (const type of RAW_AUDIO_TYPES) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: RECORDING_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
  }
  // The recording route's size errors name its limit, a recording of no known kind says how to
  // send one; everything else (a text to speak too large, say) goes on to the app's handler.
  app.setErrorHandler((error: FastifyError, request) => {
    const recording = request.routeOptions.url?.endsWith('/save-mp3');
    if (recording && (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE')) {
      throw recordingTooLarge();
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' && recording) {
      throw noRecording();
    }
    throw error;
  });

  app.route({
    ...routeOf(app, endpoints.tts),
    // Speaking spends the member's allowance, so not at another site's link; voices and demos are free.
    config: { sameOriginOnly: (request) => spendsAllowance(request.query as TtsQuery) },
    handler: async (request, reply) => {
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
  });

  app.route({
    ...routeOf(app, endpoints.speak),
    // A visitor hears the spec's hint before anything about their input.
    preValidation: async (request) => {
      if (!request.member) throw new AppError(401, 'signup_required', SPEECH_MESSAGES.visitor);
    },
    bodyLimit: BODY_LIMITS.large,
    config: { rateLimit: previewRateLimit },
    handler: async (request) => {
      const { settings, preview, ...body } = request.body;
      const input = { ...body, voiceId: body.voiceId ?? settings?.voiceId, lang: body.lang ?? settings?.lang };
      return preview ? speakPreview(deps, request.member, input) : speak(deps, request.member, input);
    },
  });

  app.route({
    ...routeOf(app, endpoints.saveRecording),
    // Before the body is read: a visitor's upload is refused unread.
    onRequest: async (request) => {
      requireMember(request);
    },
    handler: async (request) => saveRecording(app, requireMember(request).id, await recordingBytes(request)),
  });
};

/** Whether a `GET /tts` speaks (and counts against the allowance) rather than listing voices or a demo. */
const spendsAllowance = (query: TtsQuery) => !query.voices && !query.demo;

/** The recording: the first file of a multipart form, or the raw body. */
async function recordingBytes(request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) {
    const file = await firstFilePart(request, 'recording');
    if (!file) throw noRecording();
    return filePartBytes(file, 'recording');
  }
  if (Buffer.isBuffer(request.body)) return request.body;
  throw noRecording();
}

const noRecording = () =>
  badRequest(
    'Send the recording as multipart/form-data (field "recording") or as the raw audio body (Content-Type: audio/…).',
    'recording',
    'no_recording',
  );
