import { isValidImageUrl } from '../../../../builder/commands/style-commands';

/** The images a gallery draws: only those with a valid url (spec 002 §5), in order. */
export function usedImages<T extends { url: string }>(images: readonly T[]): T[] {
  return images.filter((image) => isValidImageUrl(image.url));
}

export type GalleryLayout = { kind: 'empty' | 'single' | 'collage' | 'grid'; label: string };

/**
 * How a gallery lays out `count` used images (spec 002 §5): 2 to 4 take a preset collage, more a
 * two-column grid; one image fills the box (as the renderer draws it).
 */
export function galleryLayout(count: number): GalleryLayout {
  if (count <= 0) return { kind: 'empty', label: 'No images to show yet' };
  if (count === 1) return { kind: 'single', label: 'One image fills the box' };
  if (count <= 4) return { kind: 'collage', label: `Collage of ${count} images` };
  return { kind: 'grid', label: `Two-column grid, ${Math.ceil(count / 2)} rows` };
}
