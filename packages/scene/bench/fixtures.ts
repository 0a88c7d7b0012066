/// <reference lib="dom" />
/**
 * The movies the draw benchmark renders: a photo-like picture generated in memory (no downloads),
 * the standard slide (full-frame photo with Ken Burns, dark box, two bold lines with shadow
 * fading in) and the effect gallery (one slide per catalogue effect on the standard slide).
 */
import { createCanvas } from '@napi-rs/canvas';
import { type Movie, MovieSchema } from '@reelwright/core';
import { EFFECTS, type Effect } from '@reelwright/scene';

export const WIDTH = 1920;
export const HEIGHT = 1080;
/** Seconds each effect of the gallery shows for. */
export const GALLERY_SLIDE = 1;

/** A small deterministic PRNG (mulberry32), so the picture is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A 1920×1080 photo-like JPEG as a data: url: a sky gradient, a glowing sun, layered hills with
 * gradients, scattered soft blobs (foliage, clouds) and fine grain, so it compresses and scales
 * like a photograph rather than a flat test card.
 */
export function photoDataUrl(width = WIDTH, height = HEIGHT): string {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const rnd = random(42);
  const sky = ctx.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, '#1d3b6e');
  sky.addColorStop(0.55, '#e9a56b');
  sky.addColorStop(1, '#f6d7a7');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);
  const sun = ctx.createRadialGradient(width * 0.7, height * 0.42, 0, width * 0.7, height * 0.42, height * 0.35);
  sun.addColorStop(0, 'rgba(255,250,220,1)');
  sun.addColorStop(0.15, 'rgba(255,230,170,0.9)');
  sun.addColorStop(1, 'rgba(255,200,140,0)');
  ctx.fillStyle = sun;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 60; i++) {
    const x = rnd() * width;
    const y = rnd() * height * 0.5;
    const r = 40 + rnd() * 160;
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, `rgba(255,255,255,${0.1 + rnd() * 0.25})`);
    g.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = g;
    ctx.fillRect(x - r, y - r, 2 * r, 2 * r);
  }
  const hills = ['#6b5a7a', '#4b4a6a', '#2f4a3f', '#1f3327'];
  hills.forEach((colour, layer) => {
    const base = height * (0.55 + layer * 0.1);
    const g = ctx.createLinearGradient(0, base - 120, 0, height);
    g.addColorStop(0, colour);
    g.addColorStop(1, '#0d1510');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.moveTo(0, height);
    for (let x = 0; x <= width; x += 60)
      ctx.lineTo(x, base - 80 * Math.sin(x / (180 + layer * 70) + layer) - rnd() * 30);
    ctx.lineTo(width, height);
    ctx.closePath();
    ctx.fill();
  });
  for (let i = 0; i < 400; i++) {
    const x = rnd() * width;
    const y = height * (0.7 + rnd() * 0.3);
    ctx.fillStyle = `hsla(${90 + rnd() * 60}, 45%, ${15 + rnd() * 25}%, 0.6)`;
    ctx.beginPath();
    ctx.arc(x, y, 4 + rnd() * 18, 0, Math.PI * 2);
    ctx.fill();
  }
  const grain = ctx.getImageData(0, 0, width, height);
  for (let i = 0; i < grain.data.length; i += 4) {
    const n = (rnd() - 0.5) * 14;
    grain.data[i] = grain.data[i]! + n;
    grain.data[i + 1] = grain.data[i + 1]! + n;
    grain.data[i + 2] = grain.data[i + 2]! + n;
  }
  ctx.putImageData(grain, 0, 0);
  return `data:image/jpeg;base64,${canvas.encodeSync('jpeg', 90).toString('base64')}`;
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
