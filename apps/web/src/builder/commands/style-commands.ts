import {
  type AudioItem,
  type Background,
  BackgroundSchema,
  type Frame,
  FrameSchema,
  type Gradient,
  HexColorSchema,
  type Item,
  ItemSchema,
  NO_BACKGROUND,
  type StylePicker,
  StylePickerSchema,
  trimSelection,
} from '@reelwright/core';
import { FONT_CATALOGUE } from '@reelwright/scene';
import { current, isDraft } from 'immer';
import { defineCommand } from './define';
import type { ItemProps } from './item-commands';
import { frameOf, itemOf } from './lookup';

/*
 * The inspector's validated edits (spec 002 §3, §5; D46): every value outside its range, every
 * color that is not hex and every value the model's schemas reject refuses the whole change,
 * which then changes nothing and leaves no undo step.
 */

const isHex = (color: unknown) => typeof color === 'string' && HexColorSchema.safeParse(color).success;
const plain = <T>(value: T): T => (isDraft(value) ? (current(value as never) as T) : value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type Border = NonNullable<StylePicker['border']>;
type Shadow = NonNullable<StylePicker['shadow']>;
type Outline = NonNullable<StylePicker['outline']>;
type Filters = NonNullable<StylePicker['filters']>;

/** What a first change to a border, shadow or outline starts from. A border of thickness 0 draws nothing. */
export const DEFAULT_BORDER: Border = {
  sides: { top: true, right: true, bottom: true, left: true },
  thickness: 0,
  radius: 0,
  color: '#000000',
  style: 'solid',
};
export const DEFAULT_SHADOW: Shadow = { enabled: false, thickness: 8, color: '#00000080', distance: 4 };
export const DEFAULT_OUTLINE: Outline = { enabled: false, color: '#ffffff', thickness: 1 };

/** A change to the style picker: parts merge into the current (or default) values; null removes a part. */
export type StylePatch = {
  border?: Partial<Border> | null;
  shadow?: Partial<Shadow> | null;
  outline?: Partial<Outline> | null;
  /** Filter values merge; null is 'Reset filters' (all neutral). */
  filters?: Partial<Filters> | null;
};

/** The style after `patch`, or null when the patch is refused (a range of spec 002 §5, a color that is not hex). */
export function nextStyle(style: StylePicker, patch: StylePatch): StylePicker | null {
  const next: StylePicker = { ...style };
  const parts = [
    ['border', DEFAULT_BORDER],
    ['shadow', DEFAULT_SHADOW],
    ['outline', DEFAULT_OUTLINE],
    ['filters', {}],
  ] as const;
  for (const [key, fallback] of parts) {
    const part = patch[key];
    if (part === undefined) continue;
    if (part === null) {
      delete next[key];
      continue;
    }
    if ('color' in part && !isHex(part.color)) return null;
    Object.assign(next, { [key]: { ...fallback, ...style[key], ...part } });
  }
  const parsed = StylePickerSchema.safeParse(next);
  return parsed.success ? next : null;
}

/** The style picker of one item (Borders/Shadows/Filters): border, shadow, outline and filters. */
export const setItemStyle = defineCommand<{ frameId: string; id: string; patch: StylePatch }>({
  name: 'setItemStyle',
  perform(draft, { frameId, id, patch }) {
    const item = itemOf(frameOf(draft, frameId), id);
    const before = plain(item.style);
    const next = nextStyle(before, patch);
    if (!next) return;
    for (const key of ['border', 'shadow', 'outline', 'filters'] as const) {
      if (same(before[key], next[key])) continue;
      if (next[key] === undefined) delete item.style[key];
      else Object.assign(item.style, { [key]: next[key] });
    }
  },
});

/** A change to background settings: fields replace, filters, gradient and wrapper merge. */
export type BackgroundPatch = Partial<Omit<Background, 'filters' | 'gradient' | 'wrapper'>> & {
  filters?: Partial<Background['filters']>;
  /** Merges into the gradient; null removes it (a blob then takes its color). */
  gradient?: Partial<Gradient> | null;
  wrapper?: Partial<NonNullable<Background['wrapper']>>;
};

export const DEFAULT_BACKGROUND_COLOR = '#1c7ed6';
export const DEFAULT_GRADIENT: Gradient = {
  kind: 'linear',
  angle: 180,
  stops: [
    { color: '#1c7ed6', at: 0 },
    { color: '#ae3ec9', at: 1 },
  ],
};
export const DEFAULT_WRAPPER: NonNullable<Background['wrapper']> = {
  enabled: false,
  color: '#ffffff33',
  padding: 0.05,
  radius: 12,
};

/** Where background settings are edited: video backgrounds are offered for slides, never behind items. */
export type BackgroundTarget = { allowVideo: boolean };

/**
 * The background after `patch`, or null when refused: a type the target does not offer, a color
 * that is not hex, an angle for a radial gradient (spec 002 §5: linear only), a value out of its
 * range (backdrop value 1–100, tint and opacity 0–1 …) or fewer than two gradient stops.
 * Choosing color, gradient or blob gives them a color or gradient to show when they have none.
 */
export function nextBackground(
  background: Background | undefined,
  patch: BackgroundPatch,
  target: BackgroundTarget,
): Background | null {
  const base = background ?? NO_BACKGROUND;
  if (patch.type === 'video' && !target.allowVideo) return null;
  const colors = [
    patch.color,
    patch.filters?.tintColor,
    patch.wrapper?.color,
    ...(patch.gradient?.stops ?? []).map((s) => s.color),
  ];
  if (colors.some((color) => color !== undefined && !isHex(color))) return null;
  const gradient =
    patch.gradient === null
      ? undefined
      : patch.gradient
        ? { ...DEFAULT_GRADIENT, ...base.gradient, ...patch.gradient }
        : base.gradient;
  if (patch.gradient?.angle !== undefined && gradient?.kind !== 'linear') return null;
  const next: Background = {
    ...base,
    ...patch,
    filters: { ...base.filters, ...patch.filters },
    gradient,
    wrapper: patch.wrapper ? { ...DEFAULT_WRAPPER, ...base.wrapper, ...patch.wrapper } : base.wrapper,
  };
  if (next.gradient === undefined) delete next.gradient;
  if (next.wrapper === undefined) delete next.wrapper;
  if ((next.type === 'color' || next.type === 'blob') && !next.color) next.color = DEFAULT_BACKGROUND_COLOR;
  if (next.type === 'gradient' && !next.gradient) next.gradient = DEFAULT_GRADIENT;
  const parsed = BackgroundSchema.safeParse(next);
  return parsed.success ? parsed.data : null;
}

/** The item's own background (spec 002 §3 background settings). Video backgrounds are not offered behind items. */
export const setItemBackground = defineCommand<{ frameId: string; id: string; patch: BackgroundPatch }>({
  name: 'setItemBackground',
  perform(draft, { frameId, id, patch }) {
    const item = itemOf(frameOf(draft, frameId), id);
    if (item.type === 'audio') return;
    const before = item.background ? plain(item.background) : undefined;
    const next = nextBackground(before, patch, { allowVideo: false });
    if (next && !same(before, next)) item.background = next;
  },
});

/** The slide's background, where the wrapper is drawn and a video background is offered. */
export const setSlideBackground = defineCommand<{ frameId: string; patch: BackgroundPatch }>({
  name: 'setSlideBackground',
  perform(draft, { frameId, patch }) {
    const frame = frameOf(draft, frameId);
    const before = plain(frame.background);
    const next = nextBackground(before, patch, { allowVideo: true });
    if (next && !same(before, next)) frame.background = next;
  },
});

/** The slide's narration settings (spec 002 §3, §4): audio source none, free_tts, paid_tts, mic or mp3, voice and language. */
export const setSlideSettings = defineCommand<{ frameId: string; settings: Partial<Frame['settings']> }>({
  name: 'setSlideSettings',
  perform(draft, { frameId, settings }) {
    const frame = frameOf(draft, frameId);
    const parsed = FrameSchema.shape.settings.safeParse({ ...plain(frame.settings), ...settings });
    if (!parsed.success) return;
    for (const key of Object.keys(settings) as (keyof Frame['settings'])[]) {
      if (frame.settings[key] !== parsed.data[key]) Object.assign(frame.settings, { [key]: parsed.data[key] });
    }
  },
});

/**
 * The slide's own audio (spec 002 §4 "if the slide already has audio"): its voice-over, the audio
 * items spoken by speech synthesis, recorded with the microphone, or carrying the line they
 * narrate. Sound effects and other uploads are items of their own and not the slide's audio.
 */
export function slideNarration(frame: Pick<Frame, 'items'>): AudioItem[] {
  return frame.items.filter(
    (item): item is AudioItem =>
      item.type === 'audio' && (item.source === 'tts' || item.source === 'mic' || item.ttsText !== undefined),
  );
}

/** 'Change audio?' (spec 002 §4): clears the slide's audio, so a new one can be made from its source. */
export const clearSlideAudio = defineCommand<{ frameId: string }>({
  name: 'clearSlideAudio',
  perform(draft, { frameId }) {
    const frame = frameOf(draft, frameId);
    const narration = new Set(slideNarration(frame).map((item) => item.id));
    if (narration.size > 0) frame.items = frame.items.filter((item) => !narration.has(item.id));
  },
});

/** Removes the sound attached to a visual item ('Remove'). */
export const detachAudio = defineCommand<{ frameId: string; id: string }>({
  name: 'detachAudio',
  perform(draft, { frameId, id }) {
    const item = itemOf(frameOf(draft, frameId), id);
    if ('audio' in item && item.audio) delete item.audio;
  },
});

/**
 * A gallery image link the gallery uses (spec 002 §5 "only images with a valid url"): an http(s)
 * address, a path on this site, or an image held in the page (data: or blob:).
 */
export function isValidImageUrl(url: string): boolean {
  const text = url.trim();
  if (text === '' || /\s/.test(text)) return false;
  if (text.startsWith('/') && !text.startsWith('//')) return true;
  if (/^data:image\//i.test(text) || /^blob:/i.test(text)) return true;
  try {
    const parsed = new URL(text);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

const COLOR_FIELDS = ['color', 'boldColor', 'markColor'] as const;

/** Why `props` cannot be given to `item`, beyond the model's schema; null when they can. */
function fieldProblem(props: Record<string, unknown>): string | null {
  for (const key of COLOR_FIELDS) {
    if (props[key] !== undefined && !isHex(props[key])) return `${key} is not a hex color`;
  }
  const font = props.font as { family?: string } | undefined;
  if (font?.family !== undefined && !FONT_CATALOGUE.some((entry) => entry.family === font.family)) {
    return 'the font is not in the catalog';
  }
  const images = props.images as { url: string }[] | undefined;
  if (images?.some((image) => !isValidImageUrl(image.url))) return 'an image link is not valid';
  if ('startTime' in props || 'stopTime' in props) return 'use trimVideo';
  return null;
}

/**
 * Fields of one item kind, checked (D46): the item with them must pass the model's schema
 * (volume 0–1, speed 0.5–2.5, padding 0–200, fit position 0–1 …), colors must be hex, a font must
 * be in the catalog and gallery links valid; otherwise nothing changes. Only the given fields are
 * written, and only when they change.
 */
export const setItemFields = defineCommand<{ frameId: string; id: string; props: ItemProps }>({
  name: 'setItemFields',
  perform(draft, { frameId, id, props }) {
    const item = itemOf(frameOf(draft, frameId), id);
    if (fieldProblem(props as Record<string, unknown>)) return;
    const merged = { ...plain(item), ...props } as Item;
    const parsed = ItemSchema.safeParse(merged);
    if (!parsed.success) return;
    const record = item as unknown as Record<string, unknown>;
    const parsedRecord = parsed.data as unknown as Record<string, unknown>;
    for (const key of Object.keys(props)) {
      // An optional field given as undefined is removed (a bold color back to none).
      if (parsedRecord[key] === undefined) {
        if (key in record) delete record[key];
      } else if (!same(record[key], parsedRecord[key])) record[key] = parsedRecord[key];
    }
  },
});

/**
 * The part of a video clip that plays (spec 002 §2 video trim editor, §4): seconds from the clip's
 * start, never negative. A stop of 0 plays to the clip's end; a stop before the start makes the
 * selection negative, so stop becomes start plus 5 (`trimSelection`).
 */
export const trimVideo = defineCommand<{ frameId: string; id: string; startTime?: number; stopTime?: number }>({
  name: 'trimVideo',
  perform(draft, { frameId, id, startTime, stopTime }) {
    const item = itemOf(frameOf(draft, frameId), id);
    if (item.type !== 'video') return;
    const given = [startTime, stopTime].filter((value) => value !== undefined);
    if (!given.every((value) => Number.isFinite(value) && value >= 0)) return;
    const start = startTime ?? item.startTime;
    let stop = stopTime ?? item.stopTime;
    if (stop > 0) stop = trimSelection(start, stop).stop;
    if (item.startTime !== start) item.startTime = start;
    if (item.stopTime !== stop) item.stopTime = stop;
  },
});
