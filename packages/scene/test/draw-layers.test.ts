/// <reference lib="dom" />
import { createCanvas } from '@napi-rs/canvas';
import { createNodeHost } from '@reelwright/canvas-node';
import type { Item, Movie } from '@reelwright/core';
import {
  type AssetSource,
  createLayeredDrawing,
  type DrawOptions,
  drawFrame,
  type LayeredDraw,
  prepareAssets,
} from '@reelwright/scene';
import { beforeAll, describe, expect, it } from 'vitest';
import { clipFrame, itemOf, movieOf } from './support';

const WIDTH = 640;
const HEIGHT = 360;

/** An opaque photo (a JPEG: the Node host knows it has no transparency, so it covers the stage). */
function jpeg(): string {
  const canvas = createCanvas(320, 180);
  const ctx = canvas.getContext('2d');
  const g = ctx.createLinearGradient(0, 0, 320, 180);
  g.addColorStop(0, '#2b6cb0');
  g.addColorStop(1, '#f6ad55');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 320, 180);
  return canvas.toDataURL('image/jpeg');
}

/** A shape with transparent corners, as the Shapes tab's pictures are. */
function disc(hue: number): string {
  const canvas = createCanvas(120, 120);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = `hsla(${hue}, 80%, 55%, 0.85)`;
  ctx.beginPath();
  ctx.arc(60, 60, 56, 0, Math.PI * 2);
  ctx.fill();
  return canvas.toDataURL('image/png');
}

const PHOTO = jpeg();

/** The dragged text: first in the list, so on top. */
const dragged = (left = 0.3, top = 0.4, overrides: Record<string, unknown> = {}) =>
  itemOf('text', {
    id: 'title',
    box: { left, top, width: 0.4, height: 0.2 },
    paragraphs: [{ runs: [{ text: 'Drag me across the photo', bold: true }] }],
    style: { shadow: { enabled: true, thickness: 8, color: '#000000aa', distance: 4 } },
    ...overrides,
  });

/** The grid and the photo of the slide in stacking order (top first), with other items. */
type Arrange = (grid: unknown[], photo: unknown) => unknown[];
const onTop =
  (...top: unknown[]): Arrange =>
  (grid, photo) => [...top, ...grid, photo];

/**
 * The issue 32 bench slide, harder: a full-stage photo under 19 small texts and translucent
 * shapes in a 5 × 4 grid, one text with a blurred-backdrop container, one rotated shape with a
 * filter, a frame tint, and the items `arrange` adds (the dragged one) where it puts them.
 */
function slide(arrange: Arrange, extra: Record<string, unknown> = {}): Movie {
  const grid = Array.from({ length: 19 }, (_, i) => {
    const box = {
      left: 0.04 + (i % 5) * 0.19,
      top: 0.05 + Math.floor(i / 5) * 0.24,
      width: 0.14,
      height: 0.14,
      rotate: i === 7 ? 12 : 0,
    };
    const base = { id: `extra-${i + 1}`, box };
    if (i % 2 === 1)
      return itemOf('image', { ...base, url: disc(i * 20), ...(i === 7 && { style: { filters: { hue: 40 } } }) });
    return itemOf('text', {
      ...base,
      paragraphs: [{ runs: [{ text: `Item ${i + 1}` }] }],
      ...(i === 4 && { container: { backgroundColor: '#ffffff', backgroundAlpha: 0.3, backdropBlur: 6 } }),
    });
  });
  const photo = itemOf('image', { id: 'photo', url: PHOTO, box: { left: 0, top: 0, width: 1, height: 1 } });
  const movie = movieOf(arrange(grid, photo), { type: 'color', color: '#000000' }, extra);
  movie.frames[0]!.tint = { color: '#102030', alpha: 0.25 };
  return movie;
}

/** The movie with item `id` replaced by a new value (an immutable edit: every other item is kept). */
function edit(movie: Movie, id: string, change: (item: Item) => Item): Movie {
  const frame = movie.frames[0]!;
  const items = frame.items.map((item) => (item.id === id ? change(item) : item));
  return { ...movie, frames: [{ ...frame, items }] };
}

/** The movie with item `id` moved to (left, top), as one pointer move of a drag. */
const moved = (movie: Movie, id: string, left: number, top: number) =>
  edit(movie, id, (item) => ({ ...item, box: { ...item.box, left, top } }) as Item);

const canvas = () => createCanvas(WIDTH, HEIGHT).getContext('2d') as unknown as CanvasRenderingContext2D;
const pixelsOf = (ctx: CanvasRenderingContext2D) => Buffer.from(ctx.getImageData(0, 0, WIDTH, HEIGHT).data);

/** drawFrame on a fresh canvas: the reference. */
function full(movie: Movie, t: number, assets: AssetSource, options: DrawOptions = {}): Buffer {
  const ctx = canvas();
  drawFrame(ctx, movie, t, assets, options);
  return pixelsOf(ctx);
}

/**
 * Draws each movie in turn on one canvas with one LayeredDrawing, as the stage does while an
 * item is dragged; after each draw, compares its pixels with drawFrame's on a fresh canvas.
 */
function drag(movies: Movie[], t: number, assets: AssetSource, options: DrawOptions = {}): LayeredDraw[] {
  const layered = createLayeredDrawing();
  const ctx = canvas();
  return movies.map((movie, i) => {
    const how = layered.draw(ctx, movie, t, assets, options);
    const same = pixelsOf(ctx).equals(full(movie, t, assets, options));
    expect(same, `draw ${i} (${how}) differs from drawFrame`).toBe(true);
    return how;
  });
}

/** The steps of a drag of item `id` from (left, top), a little right and down each time. */
function dragSteps(movie: Movie, id: string, steps: number, from: { left: number; top: number }): Movie[] {
  const movies = [movie];
  for (let step = 1; step <= steps; step++) {
    movies.push(moved(movies[step - 1]!, id, from.left + step * 0.013, from.top + step * 0.007));
  }
  return movies;
}

let assets: AssetSource;

beforeAll(async () => {
  const host = createNodeHost();
  await host.loadFont('Inter', 400, 'normal');
  await host.loadFont('Inter', 700, 'normal');
  const prepared = await prepareAssets(
    slide(onTop(dragged()), { watermark: { type: 'text', text: 'Reelwright' } }),
    host,
  );
  assets = prepared.assets;
  expect(prepared.missing).toEqual([]);
});

describe('the stage keeps what lies under a dragged item (D98)', () => {
  it('draws a 20-item slide pixel for pixel as drawFrame while the top item is dragged', () => {
    const movie = slide(onTop(dragged()), { watermark: { type: 'text', text: 'Reelwright' } });
    expect(movie.frames[0]!.items).toHaveLength(21);
    const modes = drag(dragSteps(movie, 'title', 12, { left: 0.3, top: 0.4 }), 1, assets);
    // The first draw has nothing to compare with, the first move keeps the rest, later moves reuse it.
    expect(modes).toEqual(['whole', 'kept', ...Array(11).fill('reused')]);
  });

  it('draws the same pixels when the dragged item lies under others (they are drawn over it each time)', () => {
    // The dragged text under the grid: the backdrop container, the filtered shape and the translucent
    // discs over it, the tint between the photo and the texts.
    const movie = slide((grid, photo) => [...grid, dragged(0.05, 0.2), photo], {
      watermark: { type: 'text', text: 'Reelwright' },
    });
    const modes = drag(dragSteps(movie, 'title', 10, { left: 0.05, top: 0.2 }), 1, assets);
    expect(modes.slice(1)).toEqual(['kept', ...Array(9).fill('reused')]);
  });

  it('draws the same pixels for a drag over a transparent clear colour and at another scale', () => {
    const movie = slide(onTop(dragged()));
    const options = { clearColor: 'transparent', scale: (WIDTH * 0.9) / 1024 };
    const modes = drag(dragSteps(movie, 'title', 4, { left: 0.3, top: 0.4 }), 2, assets, options);
    expect(modes).toEqual(['whole', 'kept', 'reused', 'reused', 'reused']);
  });

  it('draws the whole frame again when anything but the dragged item changes', () => {
    const movie = slide(onTop(dragged()));
    const [start, step1, step2] = dragSteps(movie, 'title', 2, { left: 0.3, top: 0.4 });
    const frame = step2!.frames[0]!;
    // Another item changed alone: what lies under it is kept afresh (it may be the next one dragged).
    const otherItem = edit(step2!, 'extra-3', (item) => ({ ...item, box: { ...item.box, left: 0.5 } }) as Item);
    const otherAndDragged = moved(otherItem, 'title', 0.1, 0.1);
    const frameField = { ...step2!, frames: [{ ...frame, tint: { color: '#ff0000', alpha: 0.3 } }] };
    const movieField: Movie = {
      ...step2!,
      background: { ...step2!.background, color: '#000001' } as Movie['background'],
    };
    const cases: [string, Movie, number, LayeredDraw][] = [
      ['another item', otherItem, 1, 'kept'],
      ['another item and the dragged one', otherAndDragged, 1, 'whole'],
      ["the frame's tint", frameField, 1, 'whole'],
      ["the movie's background", movieField, 1, 'whole'],
      ['the time', step2!, 1.5, 'whole'],
    ];
    for (const [name, after, t, expected] of cases) {
      const layered = createLayeredDrawing();
      const ctx = canvas();
      const modes = [start!, step1!, step2!].map((m) => layered.draw(ctx, m, 1, assets));
      expect(modes, name).toEqual(['whole', 'kept', 'reused']);
      expect(layered.draw(ctx, after, t, assets), name).toBe(expected);
      expect(pixelsOf(ctx).equals(full(after, t, assets)), name).toBe(true);
    }
  });

  it('draws the whole frame again for another canvas or canvas size, and for new assets', () => {
    const [start, step1, step2] = dragSteps(slide(onTop(dragged())), 'title', 2, { left: 0.3, top: 0.4 });
    const layered = createLayeredDrawing();
    const ctx = canvas();
    expect([start!, step1!].map((m) => layered.draw(ctx, m, 1, assets))).toEqual(['whole', 'kept']);
    expect(layered.draw(canvas(), step2!, 1, assets)).toBe('whole');
    const again = createLayeredDrawing();
    expect([start!, step1!].map((m) => again.draw(ctx, m, 1, assets))).toEqual(['whole', 'kept']);
    expect(again.draw(ctx, step2!, 1, { ...assets })).toBe('whole');
    const small = createCanvas(320, 180).getContext('2d') as unknown as CanvasRenderingContext2D;
    const sized = createLayeredDrawing();
    expect([start!, step1!].map((m) => sized.draw(ctx, m, 1, assets))).toEqual(['whole', 'kept']);
    expect(sized.draw(small, step2!, 1, assets)).toBe('whole');
  });

  it('keeps nothing under an item hidden by a stage-covering photo above it, and draws it right', () => {
    const movie = slide((grid, photo) => [photo, dragged(), ...grid]);
    const modes = drag(dragSteps(movie, 'title', 3, { left: 0.3, top: 0.4 }), 1, assets);
    expect(modes).toEqual(['whole', 'whole', 'whole', 'whole']);
  });

  it('keeps nothing while the frame transition runs, and keeps again once it is over', () => {
    const movie = slide(onTop(dragged()), { watermark: { type: 'text', text: 'Reelwright' } });
    movie.frames[0]!.transition = { show: { name: 'fade', duration: 1 } } as never;
    const steps = dragSteps(movie, 'title', 3, { left: 0.3, top: 0.4 });
    expect(drag(steps, 0.5, assets)).toEqual(['whole', 'whole', 'whole', 'whole']);
    expect(drag(steps, 1.5, assets)).toEqual(['whole', 'kept', 'reused', 'reused']);
  });

  it('does not keep what lies under the item when a clip is drawn there (its frame may arrive later)', () => {
    const clip = itemOf('video', {
      id: 'clip',
      url: 'clip.mp4',
      box: { left: 0.5, top: 0.5, width: 0.4, height: 0.4 },
    });
    const movie = slide(onTop(dragged(), clip));
    let frames = 0;
    const withClip: AssetSource = {
      ...assets,
      videoFrame: (url, time) => {
        frames++;
        return url === 'clip.mp4' ? clipFrame(time) : null;
      },
    };
    const modes = drag(dragSteps(movie, 'title', 3, { left: 0.3, top: 0.4 }), 1, withClip);
    expect(frames).toBeGreaterThan(0);
    // The first move tries, finds the clip under the item, and keeps nothing; later moves do not try.
    expect(modes).toEqual(['whole', 'kept', 'whole', 'whole']);
  });

  it('puts back its own pixels after another drawing used the canvas (a scrub to another time)', () => {
    const steps = dragSteps(slide(onTop(dragged())), 'title', 3, { left: 0.3, top: 0.4 });
    const layered = createLayeredDrawing();
    const ctx = canvas();
    expect(steps.slice(0, 2).map((m) => layered.draw(ctx, m, 1, assets))).toEqual(['whole', 'kept']);
    drawFrame(ctx, slide(onTop()), 3, assets, { clearColor: '#ff00ff' });
    expect(layered.draw(ctx, steps[2]!, 1, assets)).toBe('reused');
    expect(pixelsOf(ctx).equals(full(steps[2]!, 1, assets))).toBe(true);
  });
});
