import { defineCommand } from './define';
import { frameOf } from './lookup';

/** The layer moves the keys make (spec 002 §2 layer order, for one item or several). */
export type LayerMove = 'forward' | 'backward' | 'front' | 'back';

/**
 * The slide's item ids (top layer first) after moving the `moving` ones: forward one step up,
 * backward one step down, front to the top, back to the bottom, keeping their order among
 * themselves. An item already against the edge stays, and the others do not pass it.
 */
export function layerOrder(ids: readonly string[], moving: readonly string[], move: LayerMove): string[] {
  const chosen = ids.filter((id) => moving.includes(id));
  const others = ids.filter((id) => !moving.includes(id));
  if (move === 'front') return [...chosen, ...others];
  if (move === 'back') return [...others, ...chosen];
  const order = [...ids];
  // Moving up, the topmost goes first; moving down, the lowest does, so each has room.
  const step = move === 'forward' ? -1 : 1;
  const sequence = move === 'forward' ? chosen : [...chosen].reverse();
  for (const id of sequence) {
    const from = order.indexOf(id);
    const to = from + step;
    if (to < 0 || to >= order.length || moving.includes(order[to]!)) continue;
    [order[from], order[to]] = [order[to]!, order[from]!];
  }
  return order;
}

/** Puts a slide's items in a new layer order (ids top layer first; unknown ids are ignored). */
export const setLayerOrder = defineCommand<{ frameId: string; order: string[] }>({
  name: 'setLayerOrder',
  perform(draft, { frameId, order }) {
    const frame = frameOf(draft, frameId);
    const rank = (id: string) => {
      const index = order.indexOf(id);
      return index < 0 ? order.length : index;
    };
    const sorted = [...frame.items].sort((a, b) => rank(a.id) - rank(b.id));
    if (sorted.every((item, index) => item === frame.items[index])) return;
    frame.items = sorted;
  },
});
