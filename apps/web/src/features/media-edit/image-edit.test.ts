/// <reference lib="dom" />
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  changesPicture,
  filterCss,
  type ImageEdit,
  NEUTRAL_IMAGE_FILTERS,
  renderEdit,
  rotatedSize,
} from './image-edit';

type Ctx = CanvasRenderingContext2D;
const make = (width: number, height: number) => createCanvas(width, height) as unknown as HTMLCanvasElement;

/** A 40 × 20 picture: red left half, blue right half. */
function twoColors() {
  const canvas = createCanvas(40, 20);
  const ctx = canvas.getContext('2d') as unknown as Ctx;
  ctx.fillStyle = '#ff0000';
  ctx.fillRect(0, 0, 20, 20);
  ctx.fillStyle = '#0000ff';
  ctx.fillRect(20, 0, 20, 20);
  return canvas as unknown as HTMLCanvasElement;
}

const pixel = (canvas: HTMLCanvasElement, x: number, y: number) => [
  ...(canvas.getContext('2d') as Ctx).getImageData(x, y, 1, 1).data,
];
const whole: ImageEdit = {
  crop: { x: 0, y: 0, width: 40, height: 20 },
  rotation: 0,
  flipH: false,
  flipV: false,
  filters: NEUTRAL_IMAGE_FILTERS,
};

describe('the image editor’s picture', () => {
  it('turns a picture’s bounding box', () => {
    expect(rotatedSize(40, 20, 0)).toEqual({ width: 40, height: 20 });
    expect(rotatedSize(40, 20, 90)).toEqual({ width: 20, height: 40 });
    expect(rotatedSize(40, 20, 180)).toEqual({ width: 40, height: 20 });
    expect(rotatedSize(100, 100, 45)).toEqual({ width: 141, height: 141 });
  });

  it('writes only the filters that change something', () => {
    expect(filterCss(NEUTRAL_IMAGE_FILTERS)).toBe('none');
    expect(filterCss({ brightness: 120, contrast: 100, saturation: 50, grayscale: 100 })).toBe(
      'brightness(120%) saturate(50%) grayscale(100%)',
    );
  });

  it('crops: the right half is blue', () => {
    const out = renderEdit(twoColors(), { ...whole, crop: { x: 20, y: 0, width: 20, height: 20 } }, make);
    expect([out.width, out.height]).toEqual([20, 20]);
    expect(pixel(out, 10, 10)).toEqual([0, 0, 255, 255]);
  });

  it('flips across: blue comes left', () => {
    const out = renderEdit(twoColors(), { ...whole, flipH: true }, make);
    expect(pixel(out, 5, 10)).toEqual([0, 0, 255, 255]);
    expect(pixel(out, 35, 10)).toEqual([255, 0, 0, 255]);
  });

  it('turns a quarter clockwise: red on top, the box standing', () => {
    const out = renderEdit(twoColors(), { ...whole, rotation: 90, crop: { x: 0, y: 0, width: 20, height: 40 } }, make);
    expect([out.width, out.height]).toEqual([20, 40]);
    expect(pixel(out, 10, 5)).toEqual([255, 0, 0, 255]);
    expect(pixel(out, 10, 35)).toEqual([0, 0, 255, 255]);
  });

  it('greys the picture through its filters', () => {
    const out = renderEdit(twoColors(), { ...whole, filters: { ...NEUTRAL_IMAGE_FILTERS, grayscale: 100 } }, make);
    const [r, g, b] = pixel(out, 5, 10);
    expect(r).toBe(g);
    expect(g).toBe(b);
  });

  it('knows when nothing changes', () => {
    expect(changesPicture(whole, { width: 40, height: 20 })).toBe(false);
    expect(changesPicture({ ...whole, flipV: true }, { width: 40, height: 20 })).toBe(true);
    expect(changesPicture({ ...whole, crop: { x: 1, y: 0, width: 39, height: 20 } }, { width: 40, height: 20 })).toBe(
      true,
    );
  });
});
