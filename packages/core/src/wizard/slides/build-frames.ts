import type { z } from 'zod';
import type { Abilities } from '../../account/schemas';
import { PRODUCT_WATERMARK } from '../../publish/plan-rules';
import type { ItemSchema } from '../../video/item';
import { type Frame, FrameSchema, type Watermark, WatermarkSchema } from '../../video/movie';
import { DEFAULT_STAGE_SIZE } from './constants';
import { contactFrames } from './contact-frames';
import { markBuilt } from './frame-ownership';
import {
  containerOf,
  containerStyle,
  displayText,
  mediaFx,
  overlayTint,
  safeColor,
  slideBackground,
  textFx,
  timedEffect,
} from './frame-parts';
import { plainText, textRuns } from './keyword-highlight';
import {
  type ConcreteLayout,
  FULL_STAGE,
  isListPlacement,
  listCells,
  type Placement,
  placement,
  resolveLayout,
  type StageRect,
} from './layouts';
import { type Slide, SlideSchema, type SlideText, SocialSchema } from './schema';
import { type LineTiming, lineTimings, narrationSeconds, slideSeconds } from './slide-timing';

type ItemInput = z.input<typeof ItemSchema>;

/** The part of the wizard frames are built from (spec 001 §3): its slides and contact data. */
export type BuildFramesWizard = { slides?: readonly unknown[]; social?: unknown };

export type BuildFramesOptions = {
  /** Stage size in px (default 1024×576); only its orientation matters, geometry is in fractions. */
  stage?: { width: number; height: number };
  /** The member's limit on slides in the video (15 on free, spec 001 §2, §6); none when absent. */
  abilities?: Pick<Abilities, 'maxVideoSlides'>;
  /** Contact and social data, when not on the wizard (spec 001 §2). */
  social?: unknown;
};

/** Context of one slide's frame while its items are made. */
type SlideContext = { slide: Slide; frameId: string; layout: ConcreteLayout; place: Placement; timings: LineTiming[] };

const box = (rect: StageRect) => ({ ...rect });

/** The text item of a line in `rect`, visible during `timing`. */
function textItem(
  ctx: SlideContext,
  text: SlideText,
  index: number,
  rect: StageRect,
  timing: { start: number; stop: number },
): ItemInput {
  const { slide, place } = ctx;
  const style = slide.style;
  return {
    id: `${ctx.frameId}-text-${index + 1}`,
    type: 'text',
    timing,
    box: box(rect),
    paragraphs: [{ runs: textRuns(displayText(text.text)) }],
    font: { family: style.fontFamily || 'Inter', size: place.fontSize, lineHeight: 1.25 },
    color: safeColor(style.color, '#ffffff'),
    boldColor: safeColor(style.boldColor, '#ffd43b'),
    markColor: safeColor(style.boldColor, '#ffd43b'),
    align: slide.rtl && style.textAlign === 'left' ? 'right' : style.textAlign,
    direction: slide.rtl ? 'rtl' : 'ltr',
    fitText: true,
    fx: textFx(slide),
    ...(place.container ? { container: containerOf(slide), style: containerStyle(slide) } : {}),
  };
}

/** Ken Burns on images when the slide animates: zoom in on even lines, out on odd ones. */
const kenBurns = (index: number) =>
  index % 2 === 0 ? { fromScale: 1, toScale: 1.15 } : { fromScale: 1.15, toScale: 1 };

/** The media items of a line: a gallery for a collage, each media in turn when multiple are allowed, else the first. */
function mediaItems(
  ctx: SlideContext,
  text: SlideText,
  index: number,
  rect: StageRect,
  start: number,
  stop: number,
): ItemInput[] {
  const { slide, frameId } = ctx;
  const media = text.media.filter((m) => m.url !== '');
  const base = { box: box(rect), fx: mediaFx(slide) };
  const images = media.filter((m) => m.type === 'image');
  if (text.collage && images.length >= 2) {
    return [
      {
        ...base,
        id: `${frameId}-gallery-${index + 1}`,
        type: 'gallery',
        timing: { start, stop },
        images: images.map((m) => ({ url: m.url })),
        fit: text.imageFit,
      },
    ];
  }
  const shown = text.allowMultipleMedia ? media : media.slice(0, 1);
  const share = (stop - start) / Math.max(1, shown.length);
  return shown.map((m, k): ItemInput => {
    const timing = { start: start + k * share, stop: k === shown.length - 1 ? stop : start + (k + 1) * share };
    const id = `${frameId}-media-${index + 1}-${k + 1}`;
    if (m.type === 'video') {
      return {
        ...base,
        id,
        type: 'video',
        timing,
        url: m.url,
        fit: text.imageFit,
        startTime: m.startTime ?? 0,
        stopTime: m.stopTime ?? 0,
        loop: true,
        volume: slide.unmute ? 1 : 0,
      };
    }
    return {
      ...base,
      id,
      type: 'image',
      timing,
      url: m.url,
      fit: text.imageFit,
      ...(slide.settings.animate ? { kenBurns: kenBurns(index + k) } : {}),
    };
  });
}

/** The narration of a line, from its start for as long as it lasts. */
function audioItem(ctx: SlideContext, text: SlideText, index: number): ItemInput | undefined {
  const seconds = narrationSeconds(text, ctx.slide.settings.audioSource);
  if (seconds === undefined) return undefined;
  const start = ctx.timings[index]!.start;
  return {
    id: `${ctx.frameId}-audio-${index + 1}`,
    type: 'audio',
    timing: { start, stop: start + seconds },
    box: box(FULL_STAGE),
    url: text.audio.url,
    // A synced voice-over's line is one part of the whole recording.
    offset: text.audio.startTime ?? 0,
    source: text.audio.type === 'tts' ? 'tts' : ctx.slide.settings.audioSource === 'mic' ? 'mic' : 'upload',
    duration: seconds,
    ttsText: plainText(displayText(text.text)),
    ...(text.audio.words ? { words: text.audio.words } : {}),
  };
}

/** Items of a single-line layout: each line's text and media in turn. */
function lineByLineItems(ctx: SlideContext): { visuals: ItemInput[]; media: ItemInput[] } {
  const visuals: ItemInput[] = [];
  const media: ItemInput[] = [];
  ctx.slide.texts.forEach((text, i) => {
    const { start, stop, next } = ctx.timings[i]!;
    if (ctx.place.text && text.text.trim() !== '')
      visuals.push(textItem(ctx, text, i, ctx.place.text, { start, stop }));
    media.push(...mediaItems(ctx, text, i, ctx.place.media, start, next));
  });
  return { visuals, media };
}

/** Items of a list layout: the lines appear in turn in their cells and stay; the first media shows throughout. */
function listItems(ctx: SlideContext, layout: 'list_vertical' | 'list_horizontal' | 'list_grid', duration: number) {
  const lines = ctx.slide.texts.map((text, i) => ({ text, i })).filter(({ text }) => text.text.trim() !== '');
  const cells = listCells(layout, lines.length);
  const visuals = lines.map(({ text, i }, k) =>
    textItem(ctx, text, i, cells[k]!, { start: ctx.timings[i]!.start, stop: duration }),
  );
  const first = ctx.slide.texts.findIndex((t) => t.media.some((m) => m.url !== ''));
  const media = first < 0 ? [] : mediaItems(ctx, ctx.slide.texts[first]!, first, FULL_STAGE, 0, duration);
  return { visuals, media };
}

/**
 * The frame of one slide (spec 001 §4, §9): its lines' texts, media and narration positioned by
 * the slide's layout and timed by {@link lineTimings}. Items are listed top layer first: texts,
 * media, then audio; the layout's tint over the media is the frame's `tint` (D92).
 */
export function slideFrame(slide: Slide, index: number, options: BuildFramesOptions = {}): Frame {
  const stage = options.stage ?? DEFAULT_STAGE_SIZE;
  const layout = resolveLayout(slide.settings.layout, slide.id, stage.height > stage.width);
  const timings = lineTimings(slide.texts, slide.settings.audioSource);
  const duration = slideSeconds(timings);
  const ctx: SlideContext = { slide, frameId: `frame-${index + 1}`, layout, place: placement(layout), timings };
  const { visuals, media } = isListPlacement(layout) ? listItems(ctx, layout, duration) : lineByLineItems(ctx);
  const tint = ctx.place.overlay && media.length > 0 ? overlayTint(slide.style) : undefined;
  const audio = slide.texts.flatMap((text, i) => audioItem(ctx, text, i) ?? []);
  const frame = slide.settings.fx.frame;
  return FrameSchema.parse({
    id: ctx.frameId,
    items: [...visuals, ...media, ...audio],
    duration,
    background: slideBackground(slide.style),
    ...(tint ? { tint } : {}),
    transition: { show: timedEffect(frame.show), hide: timedEffect(frame.hide) },
    settings: { audioSource: slide.settings.audioSource, voiceId: slide.settings.voiceId, lang: slide.settings.lang },
    musicMuted: slide.bgMute,
  });
}

/** The wizard's slides that parse (a slide without an id is skipped), cut to `maxSlides` when there is one. */
function usableSlides(wizard: BuildFramesWizard, maxSlides: number | null): Slide[] {
  const slides = (wizard.slides ?? []).flatMap((raw) => {
    const parsed = SlideSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  return maxSlides === null ? slides : slides.slice(0, maxSlides);
}

/**
 * `buildFrames(wizard, options) → video.frames` (DESIGN §5): one frame per slide, then the
 * contact frames (the intro first, the other items and the outro after the slides, 5 s each).
 * The member's abilities may limit the slide frames (free accounts: 15, spec 001 §2, §6). Frame ids are `frame-n` in order.
 * Every frame validates against the movie schema and records what built it (`markBuilt`), so
 * `mergeBuiltFrames` can put a new build into a movie without losing the builder's edits (D38).
 */
export function buildFrames(wizard: BuildFramesWizard, options: BuildFramesOptions = {}): Frame[] {
  const slides = usableSlides(wizard, options.abilities?.maxVideoSlides ?? null);
  const social = SocialSchema.safeParse(options.social ?? wizard.social ?? {});
  const contact = contactFrames(social.success ? social.data : {}, slides[0]);
  const frames = [...contact.before, ...slides, ...contact.after];
  return frames.map((entry, i) =>
    'texts' in entry
      ? markBuilt(slideFrame(entry, i, options), 'slide', entry.id)
      : markBuilt(FrameSchema.parse({ ...entry, id: `frame-${i + 1}` }), 'contact', entry.social),
  );
}

/**
 * The wizard's watermark: the product's when the member's abilities force it (free accounts, spec
 * 001 §2, §6), as renders do; otherwise none.
 */
export function wizardWatermark(watermarkForced: boolean): Watermark {
  return watermarkForced ? PRODUCT_WATERMARK : WatermarkSchema.parse({ type: 'none' });
}

export type BuildVideoOptions = BuildFramesOptions & {
  /** The member's limits: slides in the video, and the forced watermark. None when absent. */
  abilities?: Pick<Abilities, 'maxVideoSlides' | 'watermarkForced'>;
};

/** The video part the wizard produces: frames, size and watermark (spec 001 §3 video). */
export function buildVideo(wizard: BuildFramesWizard, options: BuildVideoOptions = {}) {
  const size = options.stage ?? DEFAULT_STAGE_SIZE;
  return {
    frames: buildFrames(wizard, options),
    size: { width: size.width, height: size.height },
    watermark: wizardWatermark(options.abilities?.watermarkForced ?? false),
  };
}
