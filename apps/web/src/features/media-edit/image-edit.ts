/**
 * The image editor's picture maths (spec 002 §2 image editor popup; issue 19 part 5): rotate and
 * flip the picture, apply its filters, then cut the crop out of the turned picture. The crop is
 * in pixels of the turned picture's bounding box, as react-easy-crop reports it.
 */

export type ImageFilters = {
  /** Percent, 100 = unchanged (0–200). */
  brightness: number;
  contrast: number;
  saturation: number;
  /** Percent of grey, 0 = unchanged (0–100). */
  grayscale: number;
};

export const NEUTRAL_IMAGE_FILTERS: ImageFilters = { brightness: 100, contrast: 100, saturation: 100, grayscale: 0 };

export type PixelRect = { x: number; y: number; width: number; height: number };

export type ImageEdit = {
  crop: PixelRect;
  /** Degrees, clockwise. */
  rotation: number;
  flipH: boolean;
  flipV: boolean;
  filters: ImageFilters;
};

/** The bounding box of a `width` × `height` picture turned by `degrees`. */
export function rotatedSize(width: number, height: number, degrees: number): { width: number; height: number } {
  const rad = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  return { width: Math.round(width * cos + height * sin), height: Math.round(width * sin + height * cos) };
}

/** The CSS filter a canvas draws the picture through; 'none' when nothing changes. */
export function filterCss(filters: ImageFilters): string {
  const parts: string[] = [];
  if (filters.brightness !== 100) parts.push(`brightness(${filters.brightness}%)`);
  if (filters.contrast !== 100) parts.push(`contrast(${filters.contrast}%)`);
  if (filters.saturation !== 100) parts.push(`saturate(${filters.saturation}%)`);
  if (filters.grayscale !== 0) parts.push(`grayscale(${filters.grayscale}%)`);
  return parts.length ? parts.join(' ') : 'none';
}

/** Whether an edit changes the picture at all (Save then has nothing to upload). */
export function changesPicture(edit: ImageEdit, size: { width: number; height: number }): boolean {
  const { crop } = edit;
  const whole = crop.x <= 0 && crop.y <= 0 && crop.width >= size.width && crop.height >= size.height;
  return !whole || edit.rotation % 360 !== 0 || edit.flipH || edit.flipV || filterCss(edit.filters) !== 'none';
}

/** A 2D canvas of the kind the caller draws on (the browser's, or @napi-rs/canvas in tests). */
type Canvas2D = { width: number; height: number; getContext(kind: '2d'): CanvasRenderingContext2D | null };

/**
 * Draws the edited picture on a new canvas from `makeCanvas`: turned, flipped and filtered in
 * the turned bounding box, then the crop cut out of it. Returns the crop's canvas.
 */
export function renderEdit<C extends Canvas2D>(
  image: CanvasImageSource & { width: number; height: number },
  edit: ImageEdit,
  makeCanvas: (width: number, height: number) => C,
): C {
  const box = rotatedSize(image.width, image.height, edit.rotation);
  const turned = makeCanvas(box.width, box.height);
  const ctx = turned.getContext('2d')!;
  ctx.translate(box.width / 2, box.height / 2);
  ctx.rotate((edit.rotation * Math.PI) / 180);
  ctx.scale(edit.flipH ? -1 : 1, edit.flipV ? -1 : 1);
  ctx.filter = filterCss(edit.filters);
  ctx.drawImage(image, -image.width / 2, -image.height / 2);

  const crop = {
    x: Math.max(0, Math.round(edit.crop.x)),
    y: Math.max(0, Math.round(edit.crop.y)),
    width: Math.max(1, Math.round(edit.crop.width)),
    height: Math.max(1, Math.round(edit.crop.height)),
  };
  const out = makeCanvas(crop.width, crop.height);
  out
    .getContext('2d')!
    .drawImage(
      turned as unknown as CanvasImageSource,
      crop.x,
      crop.y,
      crop.width,
      crop.height,
      0,
      0,
      crop.width,
      crop.height,
    );
  return out;
}
