import { z } from 'zod';
import { optionalRowIdSchema, rowIdSchema } from '../ids';

/** One word of a transcript, in the AWS Transcribe format the spec's client reads. */
export const TranscriptItemSchema = z.object({
  type: z.literal('pronunciation'),
  alternatives: z.array(z.object({ content: z.string() })),
  start_time: z.string(),
  end_time: z.string(),
});

/** A transcription's state: `result_json` once done, or `error` when it failed. */
export const TranscriptionStatusSchema = z.object({
  id: z.number(),
  done: z.boolean(),
  result_json: z.object({ items: z.array(TranscriptItemSchema) }).optional(),
  error: z.string().optional(),
});
export type TranscriptionStatus = z.infer<typeof TranscriptionStatusSchema>;

/**
 * `POST /api/members/transcribe`'s fields, from JSON or a multipart form alike: the recording's
 * save-mp3 URL (`mp3` or `url`, or the file itself in a form), and the project or an explicit script.
 */
export const TranscribeFieldsSchema = z.object({
  mp3: z.string().max(2000).optional(),
  url: z.string().max(2000).optional(),
  proj_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().pipe(optionalRowIdSchema).optional(),
  ),
  text: z.string().max(100_000).optional(),
});

/** `GET /api/members/transcribe?id=`. */
export const TranscriptionQuerySchema = z.object({ id: rowIdSchema('Transcription id') });
