import { BackgroundSchema } from '../../video/background';
import type { Fx } from '../../video/fx';
import { ColorSchema, type StylePicker } from '../../video/style';
import type { Slide } from './schema';

/**
 * Pieces of a frame shared by slide frames and contact frames: colours made safe for the movie
 * schema, the slide background, effects by name. Inputs are author data; outputs validate.
 */

/** `value` when it is a colour the movie schema accepts, else `fallback`. */
export function safeColor(value: string | undefined, fallback: string): string {
  return value !== undefined && ColorSchema.safeParse(value).success ? value : fallback;
}

/** A show or hide effect by name, or nothing. */
export const timedEffect = (name: string | undefined) => (name ? { name, duration: 0.5 } : undefined);

/** The frame background of a slide's style.bg (spec 001 §3): a colour, or an image or clip. */
export function slideBackground(style: Slide['style']) {
  const { bg } = style;
  const color = safeColor(bg.color, safeColor(style.background, '#000000'));
  const base = { type: 'color' as const, color };
  if ((bg.type === 'image' || bg.type === 'video') && bg.url) {
    const full = BackgroundSchema.safeParse({
      type: bg.type,
      url: bg.url,
      color,
      size: bg.size,
      position: bg.position,
      repeat: bg.repeat,
    });
    return full.success ? full.data : BackgroundSchema.parse({ type: bg.type, url: bg.url, color });
  }
  if (bg.type === 'none') return BackgroundSchema.parse({ type: 'none' });
  return BackgroundSchema.parse(base);
}

/** The effects of a text line: show, hide, highlighter and per-word/char/line split. */
export function textFx(slide: Slide): Fx {
  const text = slide.settings.fx.text;
  const overlay = text.overlay ?? slide.style.highlightFx;
  return {
    show: timedEffect(text.show ?? slide.settings.animation),
    hide: timedEffect(text.hide),
    overlay: overlay ? { name: overlay, color: safeColor(slide.style.boldColor, '#ffd43b') } : undefined,
    split: text.breakAt,
  };
}

/** The effects of a media item. */
export function mediaFx(slide: Slide): Fx {
  const media = slide.settings.fx.media;
  return {
    show: timedEffect(media.show),
    hide: timedEffect(media.hide),
    stay: media.stay ? { name: media.stay } : undefined,
  };
}

/** The container box of the container layouts (spec 001 §3 settings.container). */
export function containerOf(slide: Slide) {
  const c = slide.settings.container;
  return {
    backgroundColor: safeColor(c.backgroundColor, '#000000'),
    backgroundAlpha: c.backgroundAlpha,
    skew: c.skew,
    backdropBlur: c.backdrop,
    backgroundFx: c.backgroundFx,
    animation: c.animation,
  };
}

/** The container's border and shadow as the item's style picker. */
export function containerStyle(slide: Slide): StylePicker {
  const { border, shadow } = slide.settings.container.style;
  return {
    border: border.enabled
      ? {
          sides: border.sides,
          thickness: border.thickness,
          radius: border.radius,
          color: safeColor(border.color, '#ffffff'),
          style: 'solid',
        }
      : undefined,
    shadow: shadow.enabled
      ? {
          enabled: true,
          thickness: shadow.thickness,
          distance: shadow.distance,
          color: safeColor(shadow.color, '#000000'),
        }
      : undefined,
  };
}

/** Relative luminance 0–1 of a #rgb or #rrggbb colour; undefined for other forms. */
export function luminance(color: string): number | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/i.exec(color)?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const v = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The tint laid over media under the text: the style's overlay colour and alpha, unless the text
 * would not stand out on it (a dark text on a dark tint, or light on light, as when a preset made
 * for text beside the media meets a list layout). Then the tint takes the opposite of the text,
 * at an alpha of at least 0.6, so the words stay readable.
 */
export function overlayTint(style: Slide['style']): { color: string; alpha: number } {
  const color = safeColor(style.overlayColor, '#000000');
  const text = luminance(safeColor(style.color, '#ffffff'));
  const tint = luminance(color);
  if (text === undefined || tint === undefined || text > 0.5 !== tint > 0.5)
    return { color, alpha: style.overlayAlpha };
  return { color: text > 0.5 ? '#000000' : '#ffffff', alpha: Math.max(style.overlayAlpha, 0.6) };
}

/** A line as shown: a list line's leading dash gives way to its place in the layout. */
export function displayText(text: string): string {
  return text.replace(/^\s*[-–—]\s*/, '');
}
