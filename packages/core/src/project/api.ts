import { z } from 'zod';
import { rowIdSchema } from '../ids';
import { NEWS_TEXT_MAX, PROJECT_NAME_MAX } from '../limits';
import { messages } from '../messages';

export const ProjectIdSchema = rowIdSchema('Project id');
const id = ProjectIdSchema;
const name = z
  .string()
  .trim()
  .max(PROJECT_NAME_MAX, { error: `Names are at most ${PROJECT_NAME_MAX} characters.` });

/** `GET /api/members/projects/load`: exactly one of reserved, id, name. */
export const ProjectLoadQuerySchema = z
  .object({
    reserved: z.enum(['1', 'true']).optional(),
    id: id.optional(),
    name: z.string().trim().min(1).max(PROJECT_NAME_MAX).optional(),
  })
  .refine((q) => [q.reserved, q.id, q.name].filter((v) => v !== undefined).length === 1, {
    error: 'Give exactly one of reserved, id or name.',
  });
export type ProjectLoadQuery = z.infer<typeof ProjectLoadQuerySchema>;

/** A project as the list and the loader see it (spec 000 §3). */
export const ProjectSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  category: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  thumbnail: z.string().nullable(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const ProjectLoadResponseSchema = ProjectSummarySchema.extend({
  tutorial: z.boolean(),
  /** The document as a JSON string, as the spec's client reads it. */
  data_json: z.string(),
  /** SHA-256 of the canonical JSON of the stored document: the base for the next patch. */
  hash: z.string(),
});
export type ProjectLoadResponse = z.infer<typeof ProjectLoadResponseSchema>;

/**
 * A row of the project list: the summary and, once the server has drawn one, the address of the
 * project's poster frame (a WebP 480 px wide, D69). Absent while the first one is being drawn.
 */
export const ProjectListItemSchema = ProjectSummarySchema.extend({
  thumbnailUrl: z.string().optional(),
});
export type ProjectListItem = z.infer<typeof ProjectListItemSchema>;

/** The list answer of `GET /api/members/projects/all`: newest updated first, no reserved project. */
export const ProjectListResponseSchema = z.array(ProjectListItemSchema);

/**
 * `POST /api/members/projects/save`: a new project (no id) or a full replacement. With an id,
 * fields left out (name, title, thumbnail) keep their stored values.
 */
export const ProjectSaveInputSchema = z.object({
  id: id.optional(),
  name: name.optional(),
  title: name.optional(),
  category: z.enum(['project', 'reserved']).default('project'),
  thumbnail: z.string().max(2048).nullable().optional(),
  data_json: z.string().min(2, { error: 'data_json is required: the project as a JSON string.' }),
  /** The spec's client sends `data: null` beside data_json. */
  data: z.null().optional(),
});
export type ProjectSaveInput = z.infer<typeof ProjectSaveInputSchema>;

/** The answer of save and patch: `hash` is the base for the next patch. */
export const ProjectSaveResponseSchema = z.object({ id: z.number().int(), name: z.string(), hash: z.string() });
export type ProjectSaveResponse = z.infer<typeof ProjectSaveResponseSchema>;

/** `POST /api/members/projects/patch`: an RFC 6902 patch and the hash of the intended result. */
export const ProjectPatchInputSchema = z.object({
  id,
  /** The JSON patch as a string (spec 000 §7). */
  diff: z.string().min(2),
  hash: z.string().regex(/^[0-9a-f]{64}$/, { error: 'hash must be a hex SHA-256.' }),
});
export type ProjectPatchInput = z.infer<typeof ProjectPatchInputSchema>;

/** One RFC 6902 operation, as the patch endpoint accepts it (paths are JSON pointers). */
const pointer = z.string().regex(/^(\/.*)?$/, { error: 'must be a JSON pointer ("" or starting with "/")' });
export const JsonPatchOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), path: pointer, value: z.unknown() }),
  z.object({ op: z.literal('remove'), path: pointer }),
  z.object({ op: z.literal('replace'), path: pointer, value: z.unknown() }),
  z.object({ op: z.literal('move'), from: pointer, path: pointer }),
  z.object({ op: z.literal('copy'), from: pointer, path: pointer }),
  z.object({ op: z.literal('test'), path: pointer, value: z.unknown() }),
]);
export type JsonPatchOperation = z.infer<typeof JsonPatchOperationSchema>;
/** The parsed `diff` of a patch call: an array of operations, applied in order. */
export const JsonPatchSchema = z.array(JsonPatchOperationSchema);

export const ProjectRenameInputSchema = z.object({
  id,
  title: name.pipe(z.string().min(1, { error: 'Please enter a name.' })),
});
export const ProjectRenameResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  message: z.literal(messages.projectRenamed),
});
export type ProjectRenameResponse = z.infer<typeof ProjectRenameResponseSchema>;

export const ProjectRemoveInputSchema = z.object({ id });
export const ProjectRemoveResponseSchema = z.object({
  id: z.number().int(),
  message: z.literal(messages.projectDeleted),
});
export type ProjectRemoveResponse = z.infer<typeof ProjectRemoveResponseSchema>;

/** A news item (spec 000 §3): id derived from text plus url. */
export const NewsItemSchema = z.object({
  id: z.string(),
  text: z.string(),
  url: z.string(),
  created_at: z.string(),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;

/** Cuts a news text for the bell (spec 000 §2: 70 characters). */
export function cutNewsText(text: string, max = NEWS_TEXT_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Free-form per-member settings (spec 000 §3); `tts` holds custom pronunciations. */
export const SettingsSchema = z.record(z.string(), z.unknown());
export type Settings = z.infer<typeof SettingsSchema>;
