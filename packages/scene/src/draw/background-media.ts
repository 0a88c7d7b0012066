import { type Background, videoTime } from '@reelwright/core';
import type { Rect } from '../motion/types';
import type { DrawContext } from './context';
import { fitRect, sourceSize } from './media';

const ALONG: Record<string, number> = { left: 0, top: 0, center: 0.5, right: 1, bottom: 1 };

/** Where one copy of the background image lands: size and the nine positions, like CSS. */
export function backgroundRect(
  bg: Background,
  media: { width: number; height: number },
  rect: Rect,
  mediaScale: number,
): Rect {
  const [h = 'center', v = 'center'] = bg.position.split(' ');
  const position = { x: ALONG[h] ?? 0.5, y: ALONG[v] ?? 0.5 };
  const fit = bg.size === '100% 100%' ? 'fill' : bg.size === 'auto' ? 'none' : bg.size;
  return fitRect(fit, media, rect, position, mediaScale);
}

/**
 * The time in a background clip at `local` seconds into the frame (or item): the clip plays from
 * its start at normal speed and loops over its whole length when the host knows that length
 * (core's `videoTime` with startTime 0, stopTime = the duration, loop on); otherwise it runs on
 * unlooped and the host shows what it has (usually the last frame).
 */
export function backgroundVideoTime(duration: number | null | undefined, local: number): number {
  return videoTime({ startTime: 0, stopTime: duration ?? 0, speed: 1, loop: true }, local);
}

/**
 * Paints an image or clip frame into `area` with the background's size, position and repeat.
 * Repeats fill with a canvas pattern anchored at the positioned copy (scaled to its size), so
 * tiles meet without seams; repeat-x and repeat-y fill one row or column through that copy.
 */
export function paintBackgroundMedia(
  dc: DrawContext,
  bg: Background,
  source: CanvasImageSource | null,
  area: Rect,
): void {
  const size = source ? sourceSize(source) : { width: 0, height: 0 };
  if (!source || size.width <= 0 || size.height <= 0) return;
  const { ctx } = dc;
  const one = backgroundRect(bg, size, area, dc.stage.width / dc.movie.size.width);
  const pattern =
    bg.repeat === 'no-repeat' || one.width < 1 || one.height < 1 ? null : ctx.createPattern(source, 'repeat');
  if (!pattern) {
    ctx.drawImage(source, one.x, one.y, one.width, one.height);
    return;
  }
  const sx = one.width / size.width;
  const sy = one.height / size.height;
  // The fill in pattern space (one image pixel per unit, the copy's corner at 0,0).
  let x0 = (area.x - one.x) / sx;
  let x1 = (area.x + area.width - one.x) / sx;
  let y0 = (area.y - one.y) / sy;
  let y1 = (area.y + area.height - one.y) / sy;
  if (bg.repeat === 'repeat-x') [y0, y1] = [Math.max(y0, 0), Math.min(y1, size.height)];
  if (bg.repeat === 'repeat-y') [x0, x1] = [Math.max(x0, 0), Math.min(x1, size.width)];
  if (x1 <= x0 || y1 <= y0) return;
  ctx.save();
  ctx.translate(one.x, one.y);
  ctx.scale(sx, sy);
  ctx.fillStyle = pattern;
  ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
  ctx.restore();
}

/** The current picture of an image or video background (null for other types or when missing). */
export function backgroundSource(dc: DrawContext, bg: Background, local: number): CanvasImageSource | null {
  if (!bg.url) return null;
  if (bg.type === 'image') return dc.assets.image(bg.url);
  if (bg.type === 'video') {
    return dc.assets.videoFrame(bg.url, backgroundVideoTime(dc.assets.videoDuration?.(bg.url), local));
  }
  return null;
}
