import { collectAssets, frameSignature } from '@reelwright/scene';
import { renderToPixels } from '@reelwright/testkit/golden';
import { describe, expect, it } from 'vitest';
import { expectGolden, itemOf, movieOf, picture } from './support';

const WIDTH = 64;
const pixel = (data: Uint8ClampedArray, x: number, y: number) => [
  ...data.slice((y * WIDTH + x) * 4, (y * WIDTH + x) * 4 + 3),
];
const render = (movie: ReturnType<typeof movieOf>, t = 1) => renderToPixels(movie, t, { width: WIDTH });

const teal = { type: 'color', color: '#0ca678' } as const;
/** A solid panel over the stage's middle (a slide item), for layering tests. */
const panel = (id: string, color: string, overrides: Record<string, unknown> = {}) =>
  itemOf('slide', { id, background: { type: 'color', color }, ...overrides });

describe('the movie background (spec 002 §3 movie bg; D37)', () => {
  it('shows under a frame whose own background is none', async () => {
    const data = await render(movieOf([], { type: 'none' }, { background: teal }));
    expect(pixel(data, 2, 2)).toEqual([12, 166, 120]);
  });

  it("is hidden by a frame's own colour, and absent by default", async () => {
    expect(pixel(await render(movieOf([], { type: 'color', color: '#ff0000' }, { background: teal })), 2, 2)).toEqual([
      255, 0, 0,
    ]);
    expect(pixel(await render(movieOf([], { type: 'none' })), 2, 2)).toEqual([0, 0, 0]);
  });

  it("lists the movie background's picture among the assets to load", () => {
    const movie = movieOf([], { type: 'none' }, { background: { type: 'image', url: 'sky.png' } });
    expect(collectAssets(movie).images).toEqual(['sky.png']);
  });
});

describe('blob backgrounds (spec 002 §3; D37)', () => {
  const blob = { type: 'blob', color: '#ffd43b' } as const;

  it('fills the middle with its colour and leaves the corners to what lies beneath', async () => {
    const data = await render(movieOf([], blob, { background: teal }));
    expect(pixel(data, 32, 18)).toEqual([255, 212, 59]);
    expect(pixel(data, 1, 1)).toEqual([12, 166, 120]);
    expect(pixel(data, 62, 34)).toEqual([12, 166, 120]);
  });

  it('has the same shape for the same owner on every draw, and another for another owner', async () => {
    const first = await render(movieOf([], blob));
    expect(await render(movieOf([], blob))).toEqual(first);
    const other = movieOf([], blob);
    other.frames[0]!.id = 'f2';
    expect(await render(other)).not.toEqual(first);
  });

  it('draws the blob of an item inside its box', async () => {
    const card = panel('card', '#000000', { background: { ...blob, color: '#e03131' } });
    const data = await render(movieOf([card], { type: 'color', color: '#ffffff' }));
    expect(pixel(data, 32, 18)).toEqual([224, 49, 49]);
    expect(pixel(data, 8, 7)).toEqual([255, 255, 255]);
  });

  it('is as still as a colour, for the export to reuse frames', () => {
    const movie = movieOf([], blob, { background: teal });
    expect(frameSignature(movie, 1)).not.toBeNull();
    expect(frameSignature(movie, 3)).toBe(frameSignature(movie, 1));
  });

  it('golden: a gradient blob over the movie background', async () => {
    const gradient = {
      kind: 'linear',
      angle: 135,
      stops: [
        { color: '#f783ac', at: 0 },
        { color: '#5f3dc4', at: 1 },
      ],
    };
    const label = itemOf('text', {
      box: { left: 0.3, top: 0.35, width: 0.4, height: 0.3 },
      paragraphs: [{ runs: [{ text: 'Blob' }] }],
    });
    const movie = movieOf([label], { type: 'blob', gradient } as never, {
      background: { type: 'color', color: '#12b886' },
    });
    await expectGolden('bg-blob', movie, 1);
  });
});

describe('slide items: panels with background settings (spec 002 §3 item type slide; D37)', () => {
  it('paints its background over its box, under the items listed above it', async () => {
    const label = itemOf('text', {
      box: { left: 0.1, top: 0.1, width: 0.2, height: 0.2 },
      paragraphs: [],
      background: { type: 'color', color: '#ff0000' },
    });
    const data = await render(movieOf([label, panel('card', '#1971c2')], { type: 'color', color: '#000000' }));
    expect(pixel(data, 10, 6)).toEqual([255, 0, 0]);
    expect(pixel(data, 40, 20)).toEqual([25, 113, 194]);
    expect(pixel(data, 2, 2)).toEqual([0, 0, 0]);
  });

  it('keeps its background inside its rounded corners', async () => {
    const radius = { sides: { top: false, right: false, bottom: false, left: false }, thickness: 0, radius: 10 };
    const rounded = panel('card', '#1971c2', { style: { border: { ...radius, color: '#000000', style: 'solid' } } });
    const data = await render(movieOf([rounded], { type: 'color', color: '#000000' }));
    expect(pixel(data, 7, 6)).toEqual([0, 0, 0]);
    expect(pixel(data, 32, 18)).toEqual([25, 113, 194]);
  });

  it('is still when its background is, for the export to reuse frames', () => {
    const movie = movieOf([panel('card', '#1971c2')]);
    expect(frameSignature(movie, 1)).not.toBeNull();
  });

  it('golden: a rounded card with a shadow, a gradient card and a picture card under text', async () => {
    const rounded = (radius: number) => ({
      border: {
        sides: { top: false, right: false, bottom: false, left: false },
        thickness: 0,
        radius,
        color: '#000000',
        style: 'solid',
      },
      shadow: { enabled: true, thickness: 10, color: '#00000080', distance: 6 },
    });
    const gradient = {
      kind: 'radial',
      stops: [
        { color: '#ffe066', at: 0 },
        { color: '#f76707', at: 1 },
      ],
    };
    const items = [
      itemOf('text', {
        id: 'title',
        box: { left: 0.1, top: 0.1, width: 0.8, height: 0.3 },
        paragraphs: [{ runs: [{ text: 'On a card' }] }],
        color: '#212529',
      }),
      panel('plain', '#f8f9fa', { box: { left: 0.08, top: 0.08, width: 0.84, height: 0.34 }, style: rounded(6) }),
      panel('warm', '', {
        box: { left: 0.08, top: 0.5, width: 0.4, height: 0.42 },
        background: { type: 'gradient', gradient },
        style: rounded(3),
      }),
      panel('photo', '', {
        box: { left: 0.52, top: 0.5, width: 0.4, height: 0.42 },
        background: { type: 'image', url: picture(), filters: { tint: 0.4, tintColor: '#1864ab' } },
      }),
    ];
    await expectGolden('slide-panels', movieOf(items, { type: 'color', color: '#495057' }), 1);
  });
});

describe('keyframe z-index (spec 002 §3; D37): a step that reorders the layers', () => {
  const red = '#ff0000';
  const blue = '#0000ff';

  it('draws the list order until a keyframe lifts a lower item, then that item on top', async () => {
    const lifted = panel('b', blue, { keyframes: [{ delay: 2, style: { zIndex: 1 } }] });
    const movie = movieOf([panel('a', red), lifted]);
    expect(pixel(await render(movie, 1.9), 32, 18)).toEqual([255, 0, 0]);
    expect(pixel(await render(movie, 2), 32, 18)).toEqual([0, 0, 255]);
  });

  it('sinks an item with a negative z-index below the others', async () => {
    const sunk = panel('a', red, { keyframes: [{ delay: 0, style: { zIndex: -1 } }] });
    expect(pixel(await render(movieOf([sunk, panel('b', blue)])), 32, 18)).toEqual([0, 0, 255]);
  });
});
