import { createFrame, type Frame, type ProjectData } from '@reelwright/core';

/** The next free frame id ('frame-N', one above the highest in use, so undo never causes a clash). */
export function nextFrameId(frames: readonly Pick<Frame, 'id'>[]): string {
  let highest = 0;
  for (const frame of frames) {
    const match = /^frame-(\d+)$/.exec(frame.id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `frame-${highest + 1}`;
}

/** Appends an empty slide to the video: the mutator for `updateProject`. */
export function appendEmptyFrame(draft: ProjectData): void {
  draft.video.frames.push(createFrame(nextFrameId(draft.video.frames)));
}
