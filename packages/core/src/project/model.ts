import { z } from 'zod';
import { DEFAULT_STAGE } from '../limits';

/**
 * The project document `{ schemaVersion, wizard, video }` (spec 000 §3, 001 §3, 002 §3).
 *
 * The foundation declares the fields the specs name with their types; nested records stay open
 * (`looseObject`) so fields the wizard and the editor add later survive a round trip. The issue
 * "Video model and the one renderer" tightens frames and items.
 */
export const CURRENT_SCHEMA_VERSION = 1;

export const MovieSizeSchema = z.object({
  width: z.number().int().min(100).max(2000),
  height: z.number().int().min(100).max(2000),
});

/** One slide of the finished video: timed, positioned items (spec 002 §3). */
export const FrameSchema = z.looseObject({
  id: z.string(),
  items: z.array(z.looseObject({ id: z.string(), type: z.string() })).default([]),
});
export type Frame = z.infer<typeof FrameSchema>;

export const VideoSchema = z.looseObject({
  frames: z.array(FrameSchema).default([]),
  size: MovieSizeSchema.default({ width: DEFAULT_STAGE.width, height: DEFAULT_STAGE.height }),
  audio: z
    .looseObject({
      url: z.string().optional(),
      /** Background music level (spec 002 §9 default 0.25). */
      musicVolume: z.number().min(0).max(1).default(0.25),
      /** Narration level (spec 002 §9 default 1). */
      voiceVolume: z.number().min(0).max(1).default(1),
    })
    .default({ musicVolume: 0.25, voiceVolume: 1 }),
  duration: z.number().nonnegative().optional(),
  frameId: z.string().optional(),
});
export type Video = z.infer<typeof VideoSchema>;

/** The author's view of the guided wizard (spec 001 §3). */
export const WizardSchema = z.looseObject({
  /** Comma-separated keywords; the first is the main keyword. */
  keyword: z.string().default(''),
  source: z.string().optional(),
  title: z.string().optional(),
  body: z.string().optional(),
  slides: z.array(z.looseObject({ id: z.string() })).default([]),
  maxIndex: z.number().int().nonnegative().optional(),
});
export type Wizard = z.infer<typeof WizardSchema>;

export const ProjectDataSchema = z.object({
  schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
  wizard: WizardSchema,
  video: VideoSchema,
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
const upgrades: Record<number, (doc: Record<string, unknown>) => Record<string, unknown>> = {
  /** AddSchemaVersion: version 0 documents get both parts present. */
  1: (doc) => ({ ...doc, wizard: doc.wizard ?? {}, video: doc.video ?? {} }),
};

export type UpgradeResult =
  | { ok: true; data: ProjectData; upgradedFrom: number }
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
  for (let version = from + 1; version <= CURRENT_SCHEMA_VERSION; version++) {
    const step = upgrades[version];
    if (step) doc = { ...step(doc), schemaVersion: version };
  }
  const parsed = ProjectDataSchema.safeParse(doc);
  return parsed.success
    ? { ok: true, data: parsed.data, upgradedFrom: from }
    : { ok: false, issues: parsed.error.issues };
}

/** Number of frames, the test for "the project has frames" (undo/redo, auto-save). */
export function frameCount(data: Pick<ProjectData, 'video'> | null | undefined): number {
  return data?.video?.frames?.length ?? 0;
}
