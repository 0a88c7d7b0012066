import { createFrame, emptyProjectData, ProjectDataSchema } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { appendEmptyFrame, nextFrameId } from './frames';

describe('frames', () => {
  it('numbers frames one above the highest', () => {
    expect(nextFrameId([])).toBe('frame-1');
    expect(nextFrameId([{ id: 'frame-1' }, { id: 'frame-7' }, { id: 'intro' }])).toBe('frame-8');
  });

  it('appends an empty frame in the stored form, so the saved document hashes the same', () => {
    const data = emptyProjectData();
    appendEmptyFrame(data);
    appendEmptyFrame(data);
    expect(data.video.frames).toEqual([createFrame('frame-1'), createFrame('frame-2')]);
    expect(data.video.frames[0]?.items).toEqual([]);
    expect(ProjectDataSchema.parse(data)).toEqual(data);
  });
});
