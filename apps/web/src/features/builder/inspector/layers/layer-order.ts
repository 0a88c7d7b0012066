import type { Item } from '@reelwright/core';

/** The four layer order actions (spec 002 §2). */
export type LayerAction = 'forward' | 'backward' | 'front' | 'back';

/** Each action with its button's tooltip, in the order the buttons stand. */
export const LAYER_ACTIONS: readonly { action: LayerAction; label: string }[] = [
  { action: 'forward', label: 'Bring forward' },
  { action: 'backward', label: 'Send backward' },
  { action: 'front', label: 'Bring to front' },
  { action: 'back', label: 'Send to back' },
];

/**
 * Where an action moves the item, as the layer index `reorderItem` takes (0 = top; the slide's
 * list is top layer first), or null where it would do nothing: "front moves one step up, back
 * one step down, top moves to first, bottom moves to last" (spec 002 §2).
 */
export function layerTarget(items: readonly Pick<Item, 'id'>[], id: string, action: LayerAction): number | null {
  const index = items.findIndex((item) => item.id === id);
  if (index < 0) return null;
  const last = items.length - 1;
  const target = { forward: index - 1, backward: index + 1, front: 0, back: last }[action];
  return target < 0 || target > last || target === index ? null : target;
}
