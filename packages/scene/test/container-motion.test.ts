/// <reference lib="dom" />
import { createNodeHost } from '@reelwright/canvas-node';
import type { Movie } from '@reelwright/core';
import { type AssetSource, effectsByFamily, itemMotion, prepareAssets } from '@reelwright/scene';
import { renderToPixels } from '@reelwright/testkit/golden';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemOf, movieOf } from './support';

/*
 * Issue 18's report: "in a preview a caption's text turned about 90° under a 'spin' effect while
 * its box stayed nearly upright". Every show, hide and stay effect moves the whole item, so a
 * text's container must move, turn and scale with its words. Each effect is drawn at a mid
 * instant twice — the container alone (transparent words) and the words alone (transparent box)
 * — and the words must lie inside the box as they do at rest; where the motion is a plain turn,
 * the box must be turned by the effect's angle.
 */

const WIDTH = 320;
const HEIGHT = 180;
/** The text's box: centred, wider than high, so its turn reads from its pixels. */
const BOX = { left: 0.3, top: 0.35, width: 0.4, height: 0.3 };
const FRAME = 5;

type Fx = Record<string, unknown>;

function caption(fx: Fx, part: 'box' | 'words' | 'both'): Movie {
  return movieOf(
    [
      itemOf('text', {
        box: BOX,
        timing: { start: 0, stop: FRAME },
        paragraphs: [{ runs: [{ text: 'Hello there' }] }],
        font: { family: 'Inter', size: 0.1, lineHeight: 1.2 },
        color: part === 'box' ? '#00000000' : '#0000ff',
        padding: 30,
        fitText: false,
        fx,
        container: { backgroundColor: '#ff0000', backgroundAlpha: part === 'words' ? 0 : 1 },
      }),
    ],
    { type: 'color', color: '#000000' },
  );
}

let assets: AssetSource;
beforeAll(async () => {
  ({ assets } = await prepareAssets(caption({}, 'both'), createNodeHost()));
});

/** The pixels where a channel shows (red: the box, blue: the words), as a mask. */
async function mask(movie: Movie, t: number, channel: 0 | 2): Promise<Uint8Array> {
  const pixels = await renderToPixels(movie, t, { width: WIDTH, assets });
  const out = new Uint8Array(WIDTH * HEIGHT);
  for (let i = 0; i < out.length; i++) out[i] = pixels[i * 4 + channel]! > 24 ? 1 : 0;
  return out;
}

const count = (m: Uint8Array) => m.reduce((sum, v) => sum + v, 0);

/** Share of the words' pixels that lie on the box. */
function inside(words: Uint8Array, box: Uint8Array): number {
  let on = 0;
  for (let i = 0; i < words.length; i++) if (words[i] && box[i]) on++;
  return on / Math.max(1, count(words));
}

/** The mask's main axis, degrees in (-90, 90], from its second moments. */
function orientation(m: Uint8Array): number {
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < m.length; i++) {
    if (!m[i]) continue;
    n++;
    sx += i % WIDTH;
    sy += Math.floor(i / WIDTH);
  }
  const cx = sx / n;
  const cy = sy / n;
  let mxx = 0;
  let myy = 0;
  let mxy = 0;
  for (let i = 0; i < m.length; i++) {
    if (!m[i]) continue;
    const dx = (i % WIDTH) - cx;
    const dy = Math.floor(i / WIDTH) - cy;
    mxx += dx * dx;
    myy += dy * dy;
    mxy += dx * dy;
  }
  return (0.5 * Math.atan2(2 * mxy, mxx - myy) * 180) / Math.PI;
}

/** Difference of two axis angles, degrees, modulo a half turn. */
function axisDiff(a: number, b: number): number {
  const d = (((a - b) % 180) + 180) % 180;
  return Math.min(d, 180 - d);
}

type Case = { family: 'show' | 'hide' | 'stay'; name: string; fx: Fx; t: number };

const CASES: Case[] = [
  ...effectsByFamily('show').map((e) => ({
    family: 'show' as const,
    name: e.name,
    fx: { show: { name: e.name, duration: 1 } },
    t: 0.5,
  })),
  ...effectsByFamily('hide').map((e) => ({
    family: 'hide' as const,
    name: e.name,
    fx: { hide: { name: e.name, duration: 1 } },
    t: FRAME - 0.5,
  })),
  ...effectsByFamily('stay').map((e) => ({
    family: 'stay' as const,
    name: e.name,
    fx: { stay: { name: e.name } },
    t: 1.5,
  })),
];

describe('a text container moves with its words under every effect', () => {
  it('keeps the words inside the box at rest (the measure works)', async () => {
    const words = await mask(caption({}, 'words'), 1, 2);
    const box = await mask(caption({}, 'box'), 1, 0);
    expect(count(words)).toBeGreaterThan(100);
    expect(inside(words, box)).toBe(1);
    expect(axisDiff(orientation(box), 0)).toBeLessThan(1);
  });

  it("tells a box left upright from one turned with its words (the report's spin)", async () => {
    const spin = { stay: { name: 'spin' } };
    const words = await mask(caption(spin, 'words'), 1.5, 2);
    const upright = await mask(caption({}, 'box'), 1.5, 0);
    expect(inside(words, upright)).toBeLessThan(0.8);
    const turned = await mask(caption(spin, 'box'), 1.5, 0);
    expect(inside(words, turned)).toBeGreaterThan(0.97);
    expect(axisDiff(orientation(turned), 90)).toBeLessThan(2);
  });

  it.each(CASES)('$family $name', async ({ fx, t }) => {
    const words = await mask(caption(fx, 'words'), t, 2);
    const box = await mask(caption(fx, 'box'), t, 0);
    // Faded out or moved off the stage at this instant: nothing to compare.
    if (count(words) < 30) return;
    expect(inside(words, box)).toBeGreaterThan(0.95);
    const m = itemMotion(fx as Parameters<typeof itemMotion>[0], t, FRAME);
    const plainTurn =
      Math.abs(m.rotate % 180) > 3 &&
      m.clip === null &&
      m.skewX === 0 &&
      m.skewY === 0 &&
      Math.abs(m.scaleX - m.scaleY) < 1e-6 &&
      Math.abs(m.dx) < 0.3 &&
      Math.abs(m.dy) < 0.3;
    if (plainTurn) expect(axisDiff(orientation(box), m.rotate)).toBeLessThan(2);
  });

  it('turns the box with split words under a stay effect', async () => {
    const fx = { stay: { name: 'spin' }, split: 'words' };
    const words = await mask(caption(fx, 'words'), 1.5, 2);
    const box = await mask(caption(fx, 'box'), 1.5, 0);
    expect(inside(words, box)).toBeGreaterThan(0.97);
    expect(axisDiff(orientation(box), 90)).toBeLessThan(2);
  });
});
