import {
  AudioItemSchema,
  type Frame,
  MIN_ITEM_DURATION,
  type ProjectData,
  roundTo,
  type Seconds,
} from '@reelwright/core';
import type { RecordingStep } from './recording-plan';

/** The least time a take may run before the slide's end stops it. */
export const MIN_TAKE_SECONDS = 1;

/** Where an earlier take of the session sits, to place the next sentence after it. */
export type PlacedTake = { frameId: string; start: Seconds; seconds: Seconds };

/** The builder's playhead when the recorder opened: a slide and seconds into it. */
export type RecordingOrigin = { frameId: string; playhead: Seconds };

/**
 * Where a take starts in its slide (spec 002 §4: "starting at the playhead position where
 * recording began"). The recorder's playhead begins where the builder's stood when the popup
 * opened (`origin`) on that slide, and at the start of the sentence's text item elsewhere (the
 * wizard has no playhead); while a take records it runs on, so a take that follows an earlier
 * one on the same slide starts where that one ended if later (sentences read one after another
 * follow each other instead of overlapping). Rounded to 2 decimals.
 */
export function takeStart(
  step: RecordingStep,
  previous: PlacedTake | null,
  origin: RecordingOrigin | null = null,
): Seconds {
  const begin = origin && origin.frameId === step.frameId ? origin.playhead : step.anchor;
  const after = previous && previous.frameId === step.frameId ? previous.start + previous.seconds : 0;
  return roundTo(Math.max(begin, after), 2);
}

/**
 * Seconds a take may last before it stops by itself at the slide's end (unless 'keep recording
 * until stopped' is on), at least a second so a full slide still takes a short sentence.
 */
export function recordingLimit(frame: Pick<Frame, 'duration'>, start: Seconds): Seconds {
  return Math.max(MIN_TAKE_SECONDS, frame.duration - start);
}

/** A saved recording to put on its slide. */
export type SavedTake = {
  frameId: string;
  /** The audio item's id; a redo passes the id of the take it replaces. */
  itemId: string;
  start: Seconds;
  url: string;
  /** Seconds of audio, as the server measured it. */
  duration: Seconds;
  /** The sentence that was read, kept as the item's spoken text. */
  sentence: string | null;
};

/** An item id no item of the frame has yet: `voice-N`. */
export function nextVoiceItemId(frame: Pick<Frame, 'items'>, reserved: ReadonlySet<string> = new Set()): string {
  const taken = new Set([...frame.items.map((item) => item.id), ...reserved]);
  let n = 1;
  while (taken.has(`voice-${n}`)) n++;
  return `voice-${n}`;
}

/**
 * The `updateProject` mutator that adds a take as a voice-over audio item (source 'mic') of its
 * frame, replacing the item of the same id (a redo). A take that runs past the slide's end
 * (keep recording was on) lengthens the slide so that all of it is heard. A take whose slide was
 * deleted meanwhile is dropped.
 */
export function addTakeToProject(take: SavedTake): (draft: ProjectData) => void {
  return (draft) => {
    const frame = draft.video.frames.find((f) => f.id === take.frameId);
    if (!frame) return;
    const start = Math.max(0, take.start);
    const stop = roundTo(start + Math.max(take.duration, MIN_ITEM_DURATION), 2);
    const item = AudioItemSchema.parse({
      id: take.itemId,
      type: 'audio',
      label: 'Voice-over',
      url: take.url,
      source: 'mic',
      duration: take.duration,
      ...(take.sentence ? { ttsText: take.sentence } : {}),
      timing: { start, stop },
      box: { left: 0, top: 0, width: 0.1, height: 0.1 },
    });
    const at = frame.items.findIndex((existing) => existing.id === take.itemId);
    if (at >= 0) frame.items[at] = item;
    else frame.items.push(item);
    if (stop > frame.duration) frame.duration = stop;
  };
}
