import { animatedBox } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { slide, TestEditor, textAt } from './test/test-editor';
import { fittedViewport } from './timeline/viewport';

/** Two items on a 10 s slide; the timeline's lane is 1000 px, so 100 px a second. */
function timeline() {
  const editor = TestEditor.create([
    slide(
      'frame-1',
      [
        textAt('title', { left: 100, top: 100, width: 200, height: 100 }, { start: 1, stop: 3 }),
        textAt('caption', { left: 100, top: 300, width: 400, height: 100 }, { start: 5, stop: 8 }),
      ],
      10,
    ),
  ]);
  editor.setTimelineViewport(fittedViewport(10, 1000));
  return editor;
}

describe('timeline bars (spec 002 §2, §5)', () => {
  it('dragging a bar retimes its item as one undo step, the bar active meanwhile', () => {
    const editor = timeline();
    editor.timelineDown({ itemId: 'title', part: 'body' }, 200);
    expect(editor.snapshot.session.activeBarId).toBe('title');
    expect(editor.toolPath).toBe('timeline.dragging_bar');
    for (const px of [220, 260, 321]) editor.timelineMove(px);
    editor.timelineUp();
    expect(editor.item('title').timing).toEqual({ start: 2.21, stop: 4.21 });
    expect(editor.snapshot.session.activeBarId).toBeNull();
    expect(editor.document.undoNames).toEqual(['retimeItem']);
    editor.undo();
    expect(editor.item('title').timing).toEqual({ start: 1, stop: 3 });
  });

  it('selecting a bar selects its item and brings the playhead to it', () => {
    const editor = timeline();
    editor.timelineDown({ itemId: 'caption', part: 'body' }, 600);
    editor.timelineUp();
    expect(editor.selectedIds).toEqual(['caption']);
    expect(editor.playhead).toBe(5);
  });

  it('resizes by an edge: at least 0.1 s and 30 px, the left edge never below 0', () => {
    const editor = timeline();
    editor.timelineDown({ itemId: 'title', part: 'end' }, 300);
    editor.timelineMove(-400);
    editor.timelineUp();
    expect(editor.item('title').timing).toEqual({ start: 1, stop: 1.3 });
    editor.timelineDown({ itemId: 'title', part: 'start' }, 100);
    editor.timelineMove(-300);
    editor.timelineUp();
    expect(editor.item('title').timing).toEqual({ start: 0, stop: 1.3 });
  });

  it('snaps within 5 px to the playhead, other bars’ edges and the guidelines', () => {
    const editor = timeline();
    editor.setPlayhead(4);
    editor.timelineDown({ itemId: 'title', part: 'end' }, 300);
    editor.timelineMove(396);
    expect(editor.item('title').timing.stop).toBe(4);
    editor.timelineMove(503);
    expect(editor.item('title').timing.stop).toBe(5); // the caption's start
    editor.timelineUp();
    // A guideline sits at 400 px of the lane, that is 4 s here.
    editor.timelineDown({ itemId: 'caption', part: 'start' }, 500);
    editor.timelineMove(404);
    editor.timelineUp();
    expect(editor.item('caption').timing.start).toBe(4);
  });

  it('Escape takes a bar drag back and leaves no step', () => {
    const editor = timeline();
    editor.timelineDown({ itemId: 'title', part: 'body' }, 200);
    editor.timelineMove(450);
    editor.key('Escape');
    expect(editor.item('title').timing).toEqual({ start: 1, stop: 3 });
    expect(editor.snapshot.session.activeBarId).toBeNull();
    editor.timelineUp();
    expect(editor.snapshot.canUndo).toBe(false);
  });

  it('the cursor follows the pointer and snaps within 5 px; it goes when the pointer leaves', () => {
    const editor = timeline();
    editor.moveCursor(503);
    expect(editor.snapshot.session.cursor).toBe(5);
    editor.moveCursor(560);
    expect(editor.snapshot.session.cursor).toBe(5.6);
    editor.moveCursor(null);
    expect(editor.snapshot.session.cursor).toBeNull();
  });

  it('zooms about the pointer and scrolls within the slide', () => {
    const editor = timeline();
    editor.zoomTimeline(4, 500);
    expect(editor.timeline.pxPerSecond).toBe(400);
    expect(editor.timeline.scroll).toBe(1500);
    editor.setTimelineViewport({ ...editor.timeline, scroll: -50 });
    expect(editor.timeline.scroll).toBe(0);
  });
});

describe('keyframes (spec 002 §5)', () => {
  it('are added only while the playhead is inside the item, delay rounded to 2 decimals', () => {
    const editor = timeline();
    editor.select(['title']);
    editor.setPlayhead(4);
    expect(editor.addKeyframe()).toBe(false);
    editor.setPlayhead(2.3456);
    expect(editor.addKeyframe()).toBe(true);
    expect(editor.item('title').keyframes.map((k) => k.delay)).toEqual([1.35]);
    editor.setPlayhead(1.5);
    editor.addKeyframe();
    expect(editor.item('title').keyframes.map((k) => k.delay)).toEqual([0.5, 1.35]);
    expect(editor.document.undoNames).toEqual(['addKeyframe', 'addKeyframe']);
  });

  it('hold where the item stands, so adding one moves nothing', () => {
    const editor = timeline();
    editor.select(['title']);
    editor.setPlayhead(2);
    const before = animatedBox(editor.item('title').box, editor.item('title').keyframes, 1);
    editor.addKeyframe();
    const item = editor.item('title');
    expect(animatedBox(item.box, item.keyframes, 1)).toEqual(before);
  });

  it('at a keyframe’s time, a drag on the stage shapes that keyframe; between them the item moves', () => {
    const editor = timeline();
    editor.select(['title']);
    editor.setPlayhead(2.5);
    editor.addKeyframe();
    editor.drag([150, 150], [350, 150]);
    const item = editor.item('title');
    expect(item.box.left * 1024).toBeCloseTo(100, 6); // the item's own box stays
    expect((item.keyframes[0]!.style.left ?? 0) * 1024).toBeCloseTo(300, 6);
    // Half way from the start (own box, left 100) to the keyframe (left 300) at 1.5 s of 1.5 s… 0.75 s in.
    expect(animatedBox(item.box, item.keyframes, 0.75).left * 1024).toBeCloseTo(200, 6);
  });

  it('a marker dragged in time moves its keyframe, as one step; Delete removes the picked one', () => {
    const editor = timeline();
    editor.select(['title']);
    editor.setPlayhead(2);
    editor.addKeyframe();
    editor.timelineDown({ itemId: 'title', keyframe: 1 }, 200);
    expect(editor.playhead).toBe(2);
    editor.timelineMove(230);
    editor.timelineMove(251);
    editor.timelineUp();
    expect(editor.item('title').keyframes.map((k) => k.delay)).toEqual([1.51]);
    expect(editor.snapshot.session.selectedKeyframe).toEqual({ itemId: 'title', delay: 1.51 });
    expect(editor.playhead).toBeCloseTo(2.51, 6);
    expect(editor.document.undoNames).toEqual(['addKeyframe', 'moveKeyframe']);
    editor.key('Delete');
    expect(editor.item('title').keyframes).toEqual([]);
    expect(editor.currentFrame()?.items).toHaveLength(2);
  });

  it('a picked keyframe that undo takes away is let go, and Delete then removes the item', () => {
    const editor = timeline();
    editor.select(['title']);
    editor.setPlayhead(2);
    editor.addKeyframe();
    expect(editor.snapshot.session.selectedKeyframe).toEqual({ itemId: 'title', delay: 1 });
    editor.undo();
    expect(editor.snapshot.session.selectedKeyframe).toBeNull();
    editor.key('Delete');
    expect(editor.currentFrame()?.items.map((item) => item.id)).toEqual(['caption']);
  });
});
