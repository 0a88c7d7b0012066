import {
  type Background,
  BackgroundSchema,
  type Container,
  ContainerSchema,
  createFrame,
  createTextItem,
  type Fx,
  type Item,
  ItemSchema,
  type Movie,
  MovieSchema,
} from '@reelwright/core';
import { findEffect } from '@reelwright/scene';
import type { FxSlot } from './fx-rules';

/** Every preview lasts this long, then loops. */
export const PREVIEW_SECONDS = 2.4;

/** Small, 16:9: previews are about 96 px wide, and the canvas never draws larger than the movie. */
export const PREVIEW_SIZE = { width: 320, height: 180 };

/** A beat before a show starts and after a hide ends, so each loop reads. */
const PAUSE = 0.25;
/** Longest a show or hide runs in a preview: the rest of the loop shows the item (or slide) still. */
const MAX_EFFECT = 1.4;

const BOX = { left: 0.14, top: 0.2, width: 0.72, height: 0.6, rotate: 0, opacity: 1 };
const SAMPLE = 'Hello\nthere';
const DARK = '#25262b';
const LIGHT = '#e9ecef';
/** The previews' panel: a blue-to-violet gradient (the item pickers' box, the transitions' slide). */
export const PREVIEW_PANEL: Background = BackgroundSchema.parse({
  type: 'gradient',
  gradient: {
    kind: 'linear',
    angle: 135,
    stops: [
      { color: '#4dabf7', at: 0 },
      { color: '#9775fa', at: 1 },
    ],
  },
});

/** The effect's seconds in a preview: its catalogue default, kept inside the loop. */
export const previewDuration = (family: 'show' | 'hide', name: string) =>
  Math.min(findEffect(family, name)?.defaultDuration ?? 0.6, MAX_EFFECT);

/** Relative luminance of a #rgb or #rrggbb colour, 0–1 (0.5 when it is not one). */
function luminance(color: string): number {
  const hex = color.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6);
  if (!/^[0-9a-f]{6}$/i.test(full)) return 0.5;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The fx and timing that play one choice of a picker. */
function playing(item: Item, slot: FxSlot, name: string | null): { fx: Fx; start: number; stop: number } {
  const whole = { start: 0, stop: PREVIEW_SECONDS };
  if (!name) return { fx: {}, ...whole };
  switch (slot) {
    case 'show':
      return { fx: { show: { name, duration: previewDuration('show', name) } }, start: PAUSE, stop: PREVIEW_SECONDS };
    case 'hide':
      return {
        fx: { hide: { name, duration: previewDuration('hide', name) } },
        start: 0,
        stop: PREVIEW_SECONDS - PAUSE,
      };
    case 'stay':
      return { fx: { stay: { name } }, ...whole };
    case 'overlay':
      return { fx: { overlay: { name, color: item.fx.overlay?.color } }, ...whole };
    case 'split': {
      // A split staggers the show: the item's own, or a rise when it has none.
      const show = item.fx.show?.name ?? 'fade-up';
      const duration = Math.max(1, previewDuration('show', show));
      return {
        fx: { show: { name: show, duration }, split: name as Fx['split'] },
        start: PAUSE,
        stop: PREVIEW_SECONDS,
      };
    }
    case 'containerAnimation':
    case 'containerBackground':
      return { fx: {}, ...whole };
  }
}

/** The text's box in a preview: the item's own, or for the container pickers a default one. */
function previewContainer(item: Item, slot: FxSlot, name: string | null): Container | undefined {
  const own = item.type === 'text' ? item.container : undefined;
  if (slot === 'containerAnimation') return ContainerSchema.parse({ ...own, animation: name ?? undefined });
  if (slot === 'containerBackground') return ContainerSchema.parse({ ...own, backgroundFx: name ?? undefined });
  return own;
}

/** The item's kind with the choice playing, in the preview's box: its look, not its content. */
function previewItem(item: Item, slot: FxSlot, name: string | null): Item {
  const { fx, start, stop } = playing(item, slot, name);
  const common = { id: `preview-${item.type}`, timing: { start, stop }, box: BOX, fx, style: item.style };
  switch (item.type) {
    case 'text':
      return createTextItem(common.id, SAMPLE, {
        ...common,
        font: { ...item.font, size: 0.2, lineHeight: 1.1 },
        color: item.color,
        padding: 8,
        fitText: true,
        container: previewContainer(item, slot, name),
      });
    case 'image':
    case 'gallery': {
      const url = item.type === 'image' ? item.url : item.images[0]?.url;
      if (url) return ItemSchema.parse({ ...common, type: 'image', url, fit: 'cover' });
      return ItemSchema.parse({ ...common, type: 'slide', background: PREVIEW_PANEL });
    }
    default: {
      // Clips and panels show as a painted panel: no clip is opened for a 96 px preview.
      const own = item.type === 'slide' ? item.background : undefined;
      const background = own && (own.type === 'color' || own.type === 'gradient') ? own : PREVIEW_PANEL;
      return ItemSchema.parse({ ...common, type: 'slide', background });
    }
  }
}

/** The backdrops text reads on: dark under light text, light under dark. */
const BACKDROPS = {
  dark: BackgroundSchema.parse({ type: 'color', color: DARK }),
  light: BackgroundSchema.parse({ type: 'color', color: LIGHT }),
};
/** Every preview's movie and frame around its item, defaults filled in once (a picker makes 49). */
const SHELL = MovieSchema.parse({ size: PREVIEW_SIZE });
const FRAME = createFrame('preview', { duration: PREVIEW_SECONDS });

/**
 * A movie of one item of `item`'s kind playing one choice of a picker (null: the item as it is
 * without one), over a backdrop its text reads on (dark under light text). Pure; the picker loops
 * it on a tiny canvas. Only the item is parsed: the shell around it is complete already.
 */
export function previewMovie(item: Item, slot: FxSlot, name: string | null): Movie {
  const preview = previewItem(item, slot, name);
  const light = item.type === 'text' && luminance(item.color) > 0.45;
  const frame = {
    ...FRAME,
    id: `preview-${slot}-${name ?? 'none'}`,
    background: light ? BACKDROPS.dark : BACKDROPS.light,
    items: [preview],
  };
  return { ...SHELL, frames: [frame] };
}

/** The instant a still preview shows: mid-effect, where the choice reads best. */
export function posterTime(slot: FxSlot, name: string | null): number {
  if (!name) return PREVIEW_SECONDS / 2;
  if (slot === 'show') return PAUSE + previewDuration('show', name) / 2;
  if (slot === 'split') return PAUSE + 0.6;
  if (slot === 'hide') return PREVIEW_SECONDS - PAUSE - previewDuration('hide', name) / 2;
  return PREVIEW_SECONDS / 2;
}
