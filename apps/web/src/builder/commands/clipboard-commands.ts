import { type Frame, type Item, ItemSchema, type ProjectData, type StageFraction } from '@reelwright/core';
import { defineCommand } from './define';
import { fitFrameDuration, frameOf, nextId } from './lookup';

/*
 * Copy, cut and paste of items (issue 32, D91). What is copied is a payload of plain items; the
 * page writes it to the system clipboard (a custom type and a marked text/plain copy) and the
 * editor keeps it in memory as well, for browsers that give no clipboard data.
 */

/** The custom clipboard type the builder writes its items under. */
export const CLIPBOARD_TYPE = 'web application/x-reelwright-items+json';
/** The text/plain copy starts with this, so a paste knows the text is the builder's items. */
export const CLIPBOARD_MARKER = 'reelwright-items:';

/** Share of the stage a paste onto a place already taken moves down and right (as duplicates). */
export const PASTE_OFFSET: StageFraction = 0.02;

/** Items on the clipboard: copies of the items as they were, top layer first. */
export type ClipboardPayload = {
  kind: 'reelwright/items';
  version: 1;
  /** The slide the items were copied from. */
  frameId: string;
  items: Item[];
};

/** The selected items of a slide as a payload, in the slide's layer order; null for none. */
export function clipboardPayload(frame: Frame, ids: readonly string[]): ClipboardPayload | null {
  const items = frame.items.filter((item) => ids.includes(item.id));
  if (items.length === 0) return null;
  return { kind: 'reelwright/items', version: 1, frameId: frame.id, items: structuredClone(items) };
}

/** The payload as the text/plain copy holds it. */
export function clipboardText(payload: ClipboardPayload): string {
  return `${CLIPBOARD_MARKER}${JSON.stringify(payload)}`;
}

/**
 * The payload in clipboard text (the custom type's JSON or the marked text/plain copy), or null
 * when the text is not the builder's items or fails the model's schemas (it came from outside).
 */
export function parseClipboard(text: string | null | undefined): ClipboardPayload | null {
  if (!text) return null;
  const json = text.startsWith(CLIPBOARD_MARKER) ? text.slice(CLIPBOARD_MARKER.length) : text;
  if (!json.trimStart().startsWith('{')) return null;
  try {
    const value = JSON.parse(json) as Partial<Record<keyof ClipboardPayload, unknown>>;
    if (value.kind !== 'reelwright/items' || value.version !== 1 || typeof value.frameId !== 'string') return null;
    if (!Array.isArray(value.items) || value.items.length === 0) return null;
    const items: Item[] = [];
    for (const raw of value.items) {
      const parsed = ItemSchema.safeParse(raw);
      if (!parsed.success) return null;
      items.push(parsed.data);
    }
    return { kind: 'reelwright/items', version: 1, frameId: value.frameId, items };
  } catch {
    return null;
  }
}

const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

/**
 * The items a paste puts on `frame`: copies under new ids, each keeping its timing, size and
 * place, moved down and right by 2 % of the stage as many times as it takes for no item of the
 * slide to stand at the same corner (so a paste on the slide it was copied from lands offset, as
 * in Canva, and one on another slide lands where the original stood). The group moves as one.
 */
export function pastedItems(data: ProjectData, frame: Frame, payload: ClipboardPayload): Item[] {
  const taken: string[] = [];
  const copies = payload.items.map((item) => {
    const id = nextId(data, item.type, taken);
    taken.push(id);
    return { ...structuredClone(item), id };
  });
  const occupied = (shift: number) =>
    copies.some((copy) =>
      frame.items.some(
        (item) => near(item.box.left, copy.box.left + shift) && near(item.box.top, copy.box.top + shift),
      ),
    );
  let shift = 0;
  for (let step = 0; step < 50 && occupied(shift); step++) shift += PASTE_OFFSET;
  for (const copy of copies) {
    copy.box.left += shift;
    copy.box.top += shift;
  }
  return copies;
}

/** Puts pasted items on top of a slide, in their order; the slide grows to show them. */
export const pasteItems = defineCommand<{ frameId: string; items: Item[] }>({
  name: 'pasteItems',
  perform(draft, { frameId, items }) {
    const frame = frameOf(draft, frameId);
    frame.items.splice(0, 0, ...structuredClone(items));
    fitFrameDuration(frame);
  },
});

/** Removes the items a cut took to the clipboard (one undo step, named as the author acted). */
export const cutItems = defineCommand<{ frameId: string; ids: string[] }>({
  name: 'cutItems',
  perform(draft, { frameId, ids }) {
    const frame = frameOf(draft, frameId);
    frame.items = frame.items.filter((item) => !ids.includes(item.id));
  },
});
