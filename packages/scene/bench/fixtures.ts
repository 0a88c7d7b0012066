/// <reference lib="dom" />
/**
 * The movies the draw benchmark renders: a photo-like picture generated in memory (no downloads),
 * the standard slide (full-frame photo with Ken Burns, dark box, two bold lines with shadow
 * fading in) and the effect gallery (one slide per catalogue effect on the standard slide).
 */
import { type Movie, MovieSchema } from '@reelwright/core';
import { EFFECTS, type Effect } from '@reelwright/scene';
import { generatePhoto } from '@reelwright/testkit';

export const WIDTH = 1920;
export const HEIGHT = 1080;
/** Seconds each effect of the gallery shows for. */
export const GALLERY_SLIDE = 1;

/** A 1920×1080 photo-like JPEG with fine grain, as a data: url (see `generatePhoto`). */
export function photoDataUrl(width = WIDTH, height = HEIGHT): string {
  const jpeg = generatePhoto({ width, height, grain: true }).encodeSync('jpeg', 90);
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

const BOX = { left: 0.05, top: 0.68, width: 0.9, height: 0.26 };
const LINES = ['Reelwright turns any article', 'into a narrated video in minutes'];

/** The full-frame photo with Ken Burns 1.0 → 1.1 over the item's time. */
function photoItem(url: string, stop: number) {
  return {
    id: 'photo',
    type: 'image',
    url,
    timing: { start: 0, stop },
    box: { left: 0, top: 0, width: 1, height: 1 },
    kenBurns: { fromScale: 1, toScale: 1.1 },
  };
}

/** The semi-transparent dark box at the bottom: a text item with no text, only its container. */
function darkBox(stop: number) {
  return {
    id: 'box',
    type: 'text',
    timing: { start: 0, stop },
    box: BOX,
    paragraphs: [],
    container: { backgroundColor: '#000000', backgroundAlpha: 0.55 },
  };
}

/** Two lines of white bold text with a shadow, over the box. */
function caption(stop: number, extra: Record<string, unknown> = {}) {
  return {
    id: 'caption',
    type: 'text',
    timing: { start: 0, stop },
    box: BOX,
    paragraphs: LINES.map((text) => ({ runs: [{ text, bold: true }] })),
    font: { family: 'Inter', size: 44 / 576, lineHeight: 1.25 },
    color: '#ffffff',
    style: { shadow: { enabled: true, thickness: 6, color: '#000000cc', distance: 2 } },
    ...extra,
  };
}

/**
 * The standard slide, 5 s at 1920×1080: full-frame photo with Ken Burns 1.0 → 1.1, a
 * semi-transparent dark box at the bottom, two lines of white bold Inter with a shadow fading in
 * over 0.5 s (show effect "fade").
 */
export function standardSlide(photo: string): Movie {
  return MovieSchema.parse({
    size: { width: WIDTH, height: HEIGHT },
    frames: [
      {
        id: 'slide',
        duration: 5,
        items: [caption(5, { fx: { show: { name: 'fade', duration: 0.5 } } }), darkBox(5), photoItem(photo, 5)],
      },
    ],
  });
}

/** The items of one gallery slide: the standard slide with `effect` applied to the caption. */
function effectItems(effect: Effect, photo: string): unknown[] {
  const stop = GALLERY_SLIDE;
  const half = { name: effect.name, duration: GALLERY_SLIDE / 2 };
  const container = { backgroundColor: '#000000', backgroundAlpha: 0.55 };
  switch (effect.family) {
    case 'show':
      return [caption(stop, { fx: { show: half } }), darkBox(stop), photoItem(photo, stop)];
    case 'hide':
      return [caption(stop, { fx: { hide: half } }), darkBox(stop), photoItem(photo, stop)];
    case 'stay':
      return [caption(stop, { fx: { stay: { name: effect.name } } }), darkBox(stop), photoItem(photo, stop)];
    case 'highlighter':
      return [caption(stop, { fx: { overlay: { name: effect.name } } }), darkBox(stop), photoItem(photo, stop)];
    // The container effects need the caption's own container (the box then comes with it).
    case 'container':
      return [caption(stop, { container: { ...container, animation: effect.name } }), photoItem(photo, stop)];
    case 'container-background':
      return [caption(stop, { container: { ...container, backgroundFx: effect.name } }), photoItem(photo, stop)];
  }
}

/** The effect gallery: one GALLERY_SLIDE-second slide per catalogue effect, in catalogue order. */
export function effectGallery(photo: string): { movie: Movie; effects: readonly Effect[] } {
  const movie = MovieSchema.parse({
    size: { width: WIDTH, height: HEIGHT },
    frames: EFFECTS.map((effect, i) => ({
      id: `fx-${i}`,
      duration: GALLERY_SLIDE,
      items: effectItems(effect, photo),
    })),
  });
  return { movie, effects: EFFECTS };
}
