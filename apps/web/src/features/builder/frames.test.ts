import { emptyProjectData } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { appendEmptyFrame, nextFrameId } from './frames';

describe('frames', () => {
  it('numbers frames one above the highest', () => {
    expect(nextFrameId([])).toBe('frame-1');
    expect(nextFrameId([{ id: 'frame-1' }, { id: 'frame-7' }, { id: 'intro' }])).toBe('frame-8');
  });

  it('appends an empty frame', () => {
    const data = emptyProjectData();
    appendEmptyFrame(data);
    appendEmptyFrame(data);
    expect(data.video.frames).toEqual([
      { id: 'frame-1', items: [] },
      { id: 'frame-2', items: [] },
    ]);
  });
});
