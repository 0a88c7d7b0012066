import { BackgroundSchema } from '@reelwright/core';
import type { NewItemSource } from '../../../builder/new-items';
import type { FoundMedia } from './add-rules';

/**
 * The items of the add-item panel that hold others (D93): a gallery of pictures and a panel (a
 * card, item type `slide`), which the renderer draws (D37) and the inspector edits.
 */

/** Pictures a new gallery starts with: four, the preset 2×2 collage (spec 002 §5). */
export const GALLERY_START_IMAGES = 4;

/** A gallery of the first pictures the Images tab shows; its images are changed in the inspector. */
export function newGallery(results: readonly FoundMedia[]): NewItemSource {
  const images = results.slice(0, GALLERY_START_IMAGES).map((result) => ({ url: result.url }));
  return { type: 'gallery', images, label: 'Gallery' };
}

/**
 * A panel: a white card with rounded corners and a soft shadow, to put text on; its colour,
 * gradient or picture is set in the inspector's Background.
 */
export function newPanel(): NewItemSource {
  return {
    type: 'slide',
    label: 'Panel',
    background: BackgroundSchema.parse({ type: 'color', color: '#ffffff' }),
    style: {
      border: {
        sides: { top: false, right: false, bottom: false, left: false },
        thickness: 0,
        radius: 3,
        color: '#ffffff',
        style: 'solid',
      },
      shadow: { enabled: true, thickness: 12, color: '#00000066', distance: 4 },
    },
  };
}
