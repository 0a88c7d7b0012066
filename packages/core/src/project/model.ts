import { z } from 'zod';
import { ItemSchema } from '../video/item';
import { MovieSchema } from '../video/movie';
import { WizardSchema } from '../wizard/schema';

/**
 * The project document `{ schemaVersion, wizard, video }` (spec 000 §3, 001 §3, 002 §3).
 *
 * `video` is the movie of `packages/core/src/video` (frames, items, backgrounds, watermark), the
 * one shape the editor, the player and the renderer share. `wizard` is the
 * guided wizard's state (`packages/core/src/wizard`).
 */
export const CURRENT_SCHEMA_VERSION = 3;

export const ProjectDataSchema = z.object({
  schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
  wizard: WizardSchema,
  video: MovieSchema,
});
export type ProjectData = z.infer<typeof ProjectDataSchema>;

/** A fresh, empty project document. */
export function emptyProjectData(): ProjectData {
  return ProjectDataSchema.parse({ schemaVersion: CURRENT_SCHEMA_VERSION, wizard: {}, video: {} });
}

/**
 * Named, append-only upgrades: each key is the version a document has after the step.
 * Version 1 is the first stored shape; documents without `schemaVersion` (made before
 * versioning, or by hand) are treated as version 0.
 */
type Upgrade = (doc: Record<string, unknown>, repairs: string[]) => Record<string, unknown>;
const upgrades: Record<number, Upgrade> = {
  /** AddSchemaVersion: version 0 documents get both parts present. */
  1: (doc) => ({ ...doc, wizard: doc.wizard ?? {}, video: doc.video ?? {} }),
  /** TypedMovie: frames and items follow the movie schema; items that cannot are dropped and reported. */
  2: (doc, repairs) => {
    const video = doc.video;
    // Only well-formed lists are repaired; anything else is left for validation to refuse.
    if (!isRecord(video) || !Array.isArray(video.frames)) return doc;
    const usedIds = new Set(video.frames.map((frame) => (isRecord(frame) ? frame.id : undefined)));
    const freeId = (index: number) => {
      let n = index + 1;
      while (usedIds.has(`frame-${n}`)) n++;
      usedIds.add(`frame-${n}`);
      return `frame-${n}`;
    };
    return {
      ...doc,
      video: {
        ...video,
        frames: video.frames.map((frame: unknown, index) => {
          if (!isRecord(frame) || !Array.isArray(frame.items)) return frame;
          const items: unknown[] = frame.items;
          const kept = items.filter((item) => ItemSchema.safeParse(item).success);
          if (kept.length < items.length) {
            repairs.push(`Frame ${index + 1}: ${items.length - kept.length} item(s) in an old format were removed.`);
          }
          return { ...frame, id: typeof frame.id === 'string' ? frame.id : freeId(index), items: kept };
        }),
      },
    };
  },
  /**
   * EditorModel: the full editor's fields (item audio, slide items, blob backgrounds, keyframe
   * z-index, the movie's background) are all optional, so older documents need no change; the
   * version tells an older server that it cannot read a document that may hold them (D37).
   */
  3: (doc) => doc,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export type UpgradeResult =
  | { ok: true; data: ProjectData; upgradedFrom: number; repairs: string[] }
  | { ok: false; issues: z.core.$ZodIssue[] };

/** Upgrades a stored or sent document to the current version and validates it; never throws. */
export function upgradeProjectData(raw: unknown): UpgradeResult {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return {
      ok: false,
      issues: [{ code: 'custom', path: [], message: 'Project data must be an object', input: raw }],
    };
  }
  let doc = raw as Record<string, unknown>;
  const from = typeof doc.schemaVersion === 'number' ? doc.schemaVersion : 0;
  if (from > CURRENT_SCHEMA_VERSION) {
    return {
      ok: false,
      issues: [
        {
          code: 'custom',
          path: ['schemaVersion'],
          message: `Project was saved by a newer version (${from}); this server reads up to ${CURRENT_SCHEMA_VERSION}`,
          input: from,
        },
      ],
    };
  }
  const repairs: string[] = [];
  for (let version = from + 1; version <= CURRENT_SCHEMA_VERSION; version++) {
    const step = upgrades[version];
    if (step) doc = { ...step(doc, repairs), schemaVersion: version };
  }
  const parsed = ProjectDataSchema.safeParse(doc);
  return parsed.success
    ? { ok: true, data: parsed.data, upgradedFrom: from, repairs }
    : { ok: false, issues: parsed.error.issues };
}

/** Number of frames, the test for "the project has frames" (undo/redo, auto-save). */
export function frameCount(data: Pick<ProjectData, 'video'> | null | undefined): number {
  return data?.video?.frames?.length ?? 0;
}
