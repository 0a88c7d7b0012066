import { mediaTypeOfName } from '../../../builder/drop';
import type { NewItemSource } from '../../../builder/new-items';

/**
 * The MIME type the add-item panel puts its results under when they are dragged: JSON of a
 * `NewItemSource` (`{ type: 'image', url }` …).
 */
export const ITEM_DRAG_TYPE = 'application/x-reelwright-item';

/** What was dropped: an item from the panel, or a link or text dragged from elsewhere. */
export function readDrop(data: Pick<DataTransfer, 'getData' | 'types'>): NewItemSource | { type: string } | null {
  if (data.types.includes(ITEM_DRAG_TYPE)) {
    try {
      const parsed = JSON.parse(data.getData(ITEM_DRAG_TYPE)) as { type?: unknown };
      return typeof parsed.type === 'string' ? (parsed as NewItemSource) : null;
    } catch {
      return null;
    }
  }
  const url = data.types.includes('text/uri-list') ? data.getData('text/uri-list').split('\n')[0]?.trim() : '';
  if (url) return { type: typeOfUrl(url), url } as NewItemSource;
  const text = data.types.includes('text/plain') ? data.getData('text/plain').trim() : '';
  return text ? { type: 'text', text } : null;
}

/** An item type from a link's file extension; other links become images (most dragged links are pictures). */
export function typeOfUrl(url: string): 'image' | 'video' | 'audio' {
  return mediaTypeOfName(url.split(/[?#]/)[0]!) ?? 'image';
}
