import { type AudioItem, animatedBox, ItemSchema, type VideoItem } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { slide, TestEditor, textAt } from '../test/test-editor';
import { splitItem } from './split-commands';

const ids = (editor: TestEditor) => editor.currentFrame()!.items.map((item) => item.id);

function withTitle() {
  return TestEditor.create([
    slide('frame-1', [textAt('text-1', { left: 100, top: 100, width: 200, height: 100 }, { start: 1, stop: 5 })]),
  ]);
}

describe('split at the playhead (D91)', () => {
  it('S cuts the selected item into two whose timings meet at the playhead: one undo step, redo', () => {
    const editor = withTitle();
    editor.select(['text-1']);
    editor.setPlayhead(2.5);
    editor.key('s');
    expect(ids(editor)).toEqual(['text-1', 'text-2']);
    expect(editor.item('text-1').timing).toEqual({ start: 1, stop: 2.5 });
    expect(editor.item('text-2').timing).toEqual({ start: 2.5, stop: 5 });
    // The second part is selected: the next cut goes on along the item.
    expect(editor.selectedIds).toEqual(['text-2']);
    expect(editor.document.undoNames).toEqual(['splitItems']);
    editor.undo();
    expect(ids(editor)).toEqual(['text-1']);
    expect(editor.item('text-1').timing).toEqual({ start: 1, stop: 5 });
    editor.redo();
    expect(ids(editor)).toEqual(['text-1', 'text-2']);
    expect(editor.item('text-2').timing).toEqual({ start: 2.5, stop: 5 });
  });

  it('Ctrl/Cmd+K splits too; a cut closer than 0.1 s to an end, or with nothing selected, does nothing', () => {
    const editor = withTitle();
    editor.setPlayhead(3);
    expect(editor.keyDown({ key: 's' })).toBe(false);
    editor.select(['text-1']);
    editor.setPlayhead(4.95);
    expect(editor.keyDown({ key: 'k', metaKey: true })).toBe(false);
    expect(ids(editor)).toEqual(['text-1']);
    editor.setPlayhead(4.9);
    expect(editor.keyDown({ key: 'k', metaKey: true })).toBe(true);
    expect(editor.item('text-2').timing).toEqual({ start: 4.9, stop: 5 });
  });

  it('S typed into a field is the field’s; Escape after a split keeps both parts', () => {
    const editor = withTitle();
    editor.select(['text-1']);
    editor.setPlayhead(2);
    expect(editor.keyDown({ key: 's', target: { isContentEditable: true } })).toBe(false);
    editor.key('s').key('Escape');
    expect(ids(editor)).toEqual(['text-1', 'text-2']);
    expect(editor.selectedIds).toEqual([]);
  });

  it('a video’s second part plays on from where the first stops, at its speed', () => {
    const video = ItemSchema.parse({
      id: 'video-1',
      type: 'video',
      url: '/media/clip.mp4',
      timing: { start: 0, stop: 6 },
      box: { left: 0, top: 0, width: 1, height: 1 },
      startTime: 3,
      stopTime: 20,
      speed: 2,
      fx: { show: { name: 'fadeIn' }, hide: { name: 'fadeOut' } },
    }) as VideoItem;
    const [first, second] = splitItem(video, 2, 'video-2') as [VideoItem, VideoItem];
    expect(first).toMatchObject({ startTime: 3, stopTime: 7, timing: { start: 0, stop: 2 } });
    expect(second).toMatchObject({ id: 'video-2', startTime: 7, stopTime: 20, timing: { start: 2, stop: 6 } });
    // The entrance stays with the first part, the exit with the second.
    expect(first.fx).toEqual({ show: { name: 'fadeIn', duration: 0.5 } });
    expect(second.fx).toEqual({ hide: { name: 'fadeOut', duration: 0.5 } });
  });

  it('a sound’s second part starts further into its file', () => {
    const audio = ItemSchema.parse({
      id: 'audio-1',
      type: 'audio',
      url: '/media/voice.mp3',
      timing: { start: 1, stop: 9 },
      box: { left: 0, top: 0, width: 1, height: 1 },
      offset: 0.5,
      duration: 10,
    }) as AudioItem;
    const [first, second] = splitItem(audio, 4, 'audio-2') as [AudioItem, AudioItem];
    expect(first.offset).toBe(0.5);
    expect(second.offset).toBe(3.5);
    expect(second.timing).toEqual({ start: 4, stop: 9 });
  });

  it('keyframes are cut so that the picture is the same on both sides of the cut', () => {
    const base = textAt('text-1', { left: 0, top: 0, width: 200, height: 100 }, { start: 0, stop: 4 });
    const item = {
      ...base,
      keyframes: [
        { delay: 1, style: { left: 0.1, opacity: 1 } },
        { delay: 3, style: { left: 0.5, opacity: 0 } },
      ],
    };
    const [first, second] = splitItem(item, 2, 'text-2')!;
    expect(first.keyframes.map((k) => k.delay)).toEqual([1, 2]);
    expect(second.keyframes.map((k) => k.delay)).toEqual([0, 1]);
    for (const t of [0.5, 1, 1.5, 2]) {
      expect(animatedBox(first.box, first.keyframes, t).left).toBeCloseTo(
        animatedBox(item.box, item.keyframes, t).left,
      );
    }
    for (const t of [2, 2.5, 3, 3.5, 4]) {
      const whole = animatedBox(item.box, item.keyframes, t);
      const part = animatedBox(second.box, second.keyframes, t - 2);
      expect(part.left).toBeCloseTo(whole.left);
      expect(part.opacity).toBeCloseTo(whole.opacity);
    }
  });

  it('splits every selected item the playhead cuts, in one step', () => {
    const editor = TestEditor.create([
      slide('frame-1', [
        textAt('text-1', { left: 0, top: 0, width: 100, height: 100 }, { start: 0, stop: 4 }),
        textAt('text-2', { left: 200, top: 0, width: 100, height: 100 }, { start: 3, stop: 5 }),
        textAt('text-3', { left: 400, top: 0, width: 100, height: 100 }, { start: 0, stop: 5 }),
      ]),
    ]);
    editor.key('a', { ctrlKey: true });
    editor.setPlayhead(2);
    editor.key('s');
    expect(ids(editor)).toEqual(['text-1', 'text-4', 'text-2', 'text-3', 'text-5']);
    expect(editor.selectedIds).toEqual(['text-4', 'text-5']);
    expect(editor.document.undoNames).toEqual(['splitItems']);
  });
});
