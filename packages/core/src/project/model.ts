import { z } from 'zod';
import { ItemSchema } from '../video/item';
import { FrameSchema, MovieSchema } from '../video/movie';
import { WizardSchema } from '../wizard/schema';
import { frameFingerprint } from '../wizard/slides/frame-ownership';
import { SlideSchema } from '../wizard/slides/schema';
import { tintItemToFrameTint } from './upgrade-tint';

/**
 * The project document `{ schemaVersion, wizard, video }` (spec 000 §3, 001 §3, 002 §3).
 *
 * `video` is the movie of `packages/core/src/video` (frames, items, backgrounds, watermark), the
 * one shape the editor, the player and the renderer share. `wizard` is the
 * guided wizard's state (`packages/core/src/wizard`).
 */
export const CURRENT_SCHEMA_VERSION = 5;

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
   * z-index, the movie's background) are all optional, so older documents need no change for
   * them; the version tells an older server that it cannot read a document that may hold them
   * (D37). Frames the wizard built record their origin (`recordWizardOrigins`, D38). The frame
   * open in the editor (`video.frameId`) is the editor's session state and leaves the document
   * (D39).
   */
  3: (doc) => {
    const video = doc.video;
    if (!isRecord(video)) return doc;
    const { frameId: _openInEditor, ...movie } = video;
    if (Array.isArray(movie.frames)) movie.frames = recordWizardOrigins(movie.frames, doc.wizard);
    return { ...doc, video: movie };
  },
  /**
   * FrameTint: the wizard's tint over a slide's pictures was a hidden full-stage text item that
   * the stage picked and the timeline listed; it becomes the frame's `tint` (`tintItemToFrameTint`,
   * D92). The version tells an older server, which would drop the field, that it cannot read it.
   */
  4: (doc) => {
    const video = doc.video;
    if (!isRecord(video) || !Array.isArray(video.frames)) return doc;
    return { ...doc, video: { ...video, frames: video.frames.map(tintItemToFrameTint) } };
  },
  /**
   * KeyframeEasing: a keyframe may name the easing of the motion into it (D94). It is optional and
   * absent means linear, so older documents need no change and move as before; the version tells
   * an older server, which would drop the field, that it cannot read a document that may hold it.
   */
  5: (doc) => doc,
};

/** The ids of the wizard's slides that frames are built from (those that parse), in order. */
const builtSlideIds = (wizard: unknown): string[] =>
  isRecord(wizard) && Array.isArray(wizard.slides)
    ? wizard.slides.flatMap((raw) => {
        const slide = SlideSchema.safeParse(raw);
        return slide.success ? [slide.data.id] : [];
      })
    : [];

/**
 * Frames of a version-2 document, built before frames recorded their origin, get one from their
 * place in the order `buildFrames` gives: a contact frame is its item's (`social`), the k-th
 * other frame the k-th slide's; and their content counts as built. The next rebuild replaces
 * them, as rebuilds always did, instead of keeping them beside the new frames as if the author
 * had added them. Edits made before version 3 cannot be told apart, so they are not kept (D38).
 */
function recordWizardOrigins(frames: unknown[], wizard: unknown): unknown[] {
  const slideIds = builtSlideIds(wizard);
  let slideIndex = 0;
  return frames.map((frame) => {
    if (!isRecord(frame)) return frame;
    const contact = typeof frame.social === 'string' ? frame.social : undefined;
    const id = contact ?? slideIds[slideIndex++];
    const parsed = FrameSchema.safeParse(frame);
    if (id === undefined || !parsed.success) return frame;
    return { ...frame, origin: { kind: contact ? 'contact' : 'slide', id, builtHash: frameFingerprint(parsed.data) } };
  });
}

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
