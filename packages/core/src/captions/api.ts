import { z } from 'zod';
import { ProjectIdSchema } from '../project/api';

/** `GET /api/members/captions`: the project's rendered video's captions, as SubRip or WebVTT. */
export const CaptionsQuerySchema = z.object({
  pid: ProjectIdSchema,
  format: z.enum(['srt', 'vtt'], { error: 'format: give srt or vtt.' }),
});
export type CaptionsQuery = z.infer<typeof CaptionsQuerySchema>;
