import {
  type Background,
  type Box,
  createTextItem,
  type Item,
  ItemSchema,
  isVideoSiteUrl,
  type MediaCredit,
  newItemTiming,
  type ObjectFit,
  type Seconds,
  type StageFraction,
  type StylePicker,
  type TextItem,
  textRuns,
} from '@reelwright/core';

/**
 * What can be put on the stage: dropped, pasted or picked in the add-item panel (spec 002 §2); a
 * gallery and a panel (item type `slide`, D37) come from the panel's buttons (D93).
 */
export type NewItemSource =
  | { type: 'text'; text: string; look?: TextLook }
  | (MediaSource & { type: 'image'; fit?: ObjectFit })
  | (MediaSource & {
      type: 'video';
      poster?: string;
      /** The clip's length when known: the part that plays first is never longer. */
      duration?: Seconds;
      /** A clip the author has just uploaded (the Upload button, a file dropped from the computer). */
      uploaded?: boolean;
    })
  | (MediaSource & { type: 'audio'; duration?: Seconds })
  | { type: 'gallery'; images: readonly { url: string }[]; label?: string }
  | { type: 'slide'; background: Background; style?: StylePicker; label?: string };

/**
 * A designed look for a new text item (the text tab's effects): fonts, colours, box, effects. Its
 * `box` places the item; dropped, the item keeps the box's size, centred where it is dropped.
 */
export type TextLook = Partial<
  Pick<
    TextItem,
    'font' | 'color' | 'boldColor' | 'markColor' | 'align' | 'verticalAlign' | 'padding' | 'container' | 'fx' | 'style'
  >
> & { box?: Box };

/** What every media source may say beside its url: the timeline's name for it, and its credit. */
type MediaSource = { url: string; label?: string; credit?: MediaCredit };

/** A new item's share of the stage's width and height (spec 002 §9: 50 %). */
export const NEW_ITEM_SIZE = 0.5;
/**
 * The part of a clip a new video item plays (spec 002 §2 'Trim video'): a freshly uploaded clip
 * 0 to 10 seconds; a clip put on a slide otherwise (found, from the library, pasted) is the
 * spec's static video slide, 0 to 5 seconds (D97). The author trims it afterwards.
 */
export const UPLOADED_CLIP_SECONDS = 10;
export const STATIC_VIDEO_SECONDS = 5;

/** The words a text item starts with when none are given. */
export const NEW_TEXT = 'Your text here';

/**
 * A new item (spec 002 §2): it starts at the playhead and stops 3 s later, and takes half the
 * stage's width and height, centred on `centre` (the stage's centre by default) and kept on it.
 * Found media keeps its credit (engine and licence) for the video's credits; a clip plays its
 * first 5 s, or 10 s when just uploaded (`clipTrim`).
 */
export function newItem(id: string, source: NewItemSource, playhead: Seconds, centre?: StagePoint): Item {
  const timing = newItemTiming(playhead);
  const box = placed({ width: NEW_ITEM_SIZE, height: NEW_ITEM_SIZE }, centre ?? STAGE_CENTRE);
  switch (source.type) {
    case 'text': {
      if (!source.look)
        return createTextItem(id, source.text || NEW_TEXT, { timing, box: { ...box, rotate: 0, opacity: 1 } });
      // A designed look: its own box (kept in size and centred on a drop) and marked words.
      const { box: designed, ...look } = source.look;
      const lookBox = designed
        ? { ...designed, ...(centre ? placed(designed, centre) : {}) }
        : { ...box, rotate: 0, opacity: 1 };
      const item = createTextItem(id, source.text || NEW_TEXT, { ...look, timing, box: lookBox });
      const paragraphs = (source.text || NEW_TEXT).split('\n').map((line) => ({ runs: textRuns(line) }));
      return { ...item, paragraphs };
    }
    case 'video': {
      const { duration, uploaded, ...clip } = source;
      return ItemSchema.parse({ ...clip, id, timing, box, ...clipTrim(clip.url, duration, uploaded) });
    }
    default:
      // The source's own fields (url, label, credit; an audio's duration, a picture's fit; a
      // gallery's images; a panel's background and style).
      return ItemSchema.parse({ ...source, id, timing, box });
  }
}

/**
 * Where a new clip starts and stops playing (spec 002 §2): 0 to 10 s freshly uploaded, else 0 to
 * 5 s, never past the clip's known end. A video-site clip (D55) is shown by its site's player
 * from its start and has no stop.
 */
function clipTrim(url: string, duration: Seconds | undefined, uploaded: boolean | undefined) {
  if (isVideoSiteUrl(url)) return {};
  const seconds = uploaded ? UPLOADED_CLIP_SECONDS : STATIC_VIDEO_SECONDS;
  const known = duration !== undefined && Number.isFinite(duration) && duration > 0;
  return { startTime: 0, stopTime: Math.round((known ? Math.min(seconds, duration) : seconds) * 100) / 100 };
}

type StagePoint = { x: StageFraction; y: StageFraction };
const STAGE_CENTRE: StagePoint = { x: 0.5, y: 0.5 };

/** A box of `size` centred on `centre`, kept on the stage. */
function placed(size: { width: number; height: number }, centre: StagePoint) {
  return {
    left: clampToStage(centre.x - size.width / 2, size.width),
    top: clampToStage(centre.y - size.height / 2, size.height),
    width: size.width,
    height: size.height,
  };
}

function clampToStage(edge: StageFraction, size: number): StageFraction {
  return Math.min(Math.max(edge, 0), 1 - size);
}
