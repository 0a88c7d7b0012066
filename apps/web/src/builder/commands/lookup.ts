import { contentDuration, type Frame, type Item, type ProjectData } from '@reelwright/core';

/** The frame with `frameId`; throws, since commands are only given ids the editor read from the document. */
export function frameOf(data: ProjectData, frameId: string): Frame {
  const frame = data.video.frames.find((candidate) => candidate.id === frameId);
  if (!frame) throw new Error(`No slide ${frameId}`);
  return frame;
}

/** The item `itemId` of the frame. */
export function itemOf(frame: Frame, itemId: string): Item {
  const item = frame.items.find((candidate) => candidate.id === itemId);
  if (!item) throw new Error(`No item ${itemId} on slide ${frame.id}`);
  return item;
}

/** A slide lasts at least until its last item stops, so an item moved or added late still shows. */
export function fitFrameDuration(frame: Frame): void {
  const needed = contentDuration(frame);
  if (frame.duration < needed) frame.duration = needed;
}

/**
 * A free id `${prefix}-N`, one above the highest in use across the movie (and in `taken`, ids
 * already handed out for the same edit), so undo and redo never cause a clash.
 */
export function nextId(data: ProjectData, prefix: string, taken: readonly string[] = []): string {
  let highest = 0;
  const pattern = new RegExp(`^${prefix}-(\\d+)$`);
  const consider = (id: string) => {
    const match = pattern.exec(id);
    if (match) highest = Math.max(highest, Number(match[1]));
  };
  for (const frame of data.video.frames) {
    consider(frame.id);
    for (const item of frame.items) consider(item.id);
  }
  for (const id of taken) consider(id);
  return `${prefix}-${highest + 1}`;
}
