import {
  type Background,
  frameAt,
  type Item,
  isVideoSiteUrl,
  localPlayhead,
  type Movie,
  showsMovieBackground,
} from '@reelwright/core';
import { captionSignature } from './draw/captions';
import { itemMotion } from './draw/effects';
import { utilFor } from './draw/items/registry';
import { isIdentity } from './draw/motion';

/** A background whose paint does not depend on the time: nothing, a colour, a gradient or a blob. */
const staticBackground = (bg: Background | undefined) =>
  !bg || bg.type === 'none' || bg.type === 'color' || bg.type === 'gradient' || bg.type === 'blob';

/**
 * Whether a visible item draws the same pixels at every instant where this holds: a text or
 * image with no keyframes, no Ken Burns, no stay, highlighter or split effect, no container
 * animation or container background effect, or a slide panel, with a static background, and at
 * `local` outside its show and hide windows with its motion at rest. Video and gallery items are
 * never static here.
 */
function itemIsStill(item: Item, local: number): boolean {
  if (item.keyframes.length > 0 || !staticBackground(item.background)) return false;
  const { show, hide, stay, overlay, split } = item.fx;
  if (stay || overlay || split) return false;
  const duration = item.timing.stop - item.timing.start;
  if (show && local < show.duration) return false;
  if (hide && local >= duration - hide.duration) return false;
  const motion = itemMotion(item, local);
  if (!isIdentity(motion) || motion.blur !== 0) return false;
  if (item.type === 'slide') return true;
  if (item.type === 'image') return !item.kenBurns;
  // A video-site clip draws its poster (D55).
  if (item.type === 'video') return isVideoSiteUrl(item.url) && !item.kenBurns;
  if (item.type === 'text') return !item.container?.animation && !item.container?.backgroundFx;
  return false;
}

/**
 * A conservative fingerprint of the picture `drawFrame` draws at `t` (DESIGN §7: skip work that
 * does not change). Two instants with the same non-null signature draw the same pixels (for the
 * same movie, assets, canvas and options), so a renderer may reuse the previous frame's pixels.
 * Null means "no promise": something on screen may move (a transition, Ken Burns, a video, an
 * effect in progress, a keyframed box, an animated background, …). The watermark is static;
 * burned-in captions change with the cue (and the spoken word), which the signature names.
 *
 * `without` names an item left out: the cover picture a host composites itself (`frameCover`),
 * so the signature covers what `drawFrame` draws above it with `hostCover`.
 */
export function frameSignature(movie: Movie, t: number, without?: string): string | null {
  const caption = captionSignature(movie, t);
  const at = frameAt(movie, t);
  if (!at) return `empty${caption}`;
  const { frame, local } = at;
  const backdrop = showsMovieBackground(frame.background) ? movie.background : undefined;
  if (!staticBackground(frame.background) || !staticBackground(backdrop)) return null;
  if (frame.transition.show || frame.transition.hide) return null;
  const visible: number[] = [];
  for (let i = 0; i < frame.items.length; i++) {
    const item = frame.items[i]!;
    const itemLocal = localPlayhead(item.timing, local);
    if (itemLocal < 0 || !utilFor(item).visual || item.id === without) continue;
    if (!itemIsStill(item, itemLocal)) return null;
    visible.push(i);
  }
  return `${at.index}:${visible.join(',')}${without === undefined ? '' : ` without ${without}`}${caption && ` ${caption}`}`;
}
