import { describe, expect, it } from 'vitest';
import { slide, TestEditor, textAt } from '../test/test-editor';
import { setSlideDuration, shorteningEffect } from './slide-duration-commands';

function slideOfEight() {
  return TestEditor.create([
    slide(
      'frame-1',
      [
        textAt('early', { left: 0, top: 0, width: 100, height: 100 }, { start: 0, stop: 3 }),
        {
          ...textAt('long', { left: 200, top: 0, width: 100, height: 100 }, { start: 1, stop: 8 }),
          keyframes: [
            { delay: 2, style: { left: 0.3 } },
            { delay: 6, style: { left: 0.6 } },
          ],
        },
        textAt('late', { left: 400, top: 0, width: 100, height: 100 }, { start: 6, stop: 8 }),
      ],
      8,
    ),
  ]);
}

const ids = (editor: TestEditor) => editor.currentFrame()!.items.map((item) => item.id);

describe('the slide duration (D91)', () => {
  it('lengthens a slide: one undo step, redo', () => {
    const editor = slideOfEight();
    editor.run(setSlideDuration, { frameId: 'frame-1', duration: 12 });
    expect(editor.currentFrame()!.duration).toBe(12);
    editor.undo();
    expect(editor.currentFrame()!.duration).toBe(8);
    editor.redo();
    expect(editor.currentFrame()!.duration).toBe(12);
  });

  it('shortens a slide: items past the new end stop at it, those with under 0.1 s left go', () => {
    const editor = slideOfEight();
    expect(shorteningEffect(editor.currentFrame()!, 5.95)).toEqual({ trimmed: ['long'], removed: ['late'] });
    editor.run(setSlideDuration, { frameId: 'frame-1', duration: 5.95 });
    const frame = editor.currentFrame()!;
    expect(frame.duration).toBe(5.95);
    expect(ids(editor)).toEqual(['early', 'long']);
    expect(editor.item('long').timing).toEqual({ start: 1, stop: 5.95 });
    // The keyframe past the item's new stop goes with the part cut off.
    expect(editor.item('long').keyframes.map((k) => k.delay)).toEqual([2]);
    expect(editor.item('early').timing).toEqual({ start: 0, stop: 3 });
    expect(editor.document.undoNames).toEqual(['setSlideDuration']);
    editor.undo();
    expect(ids(editor)).toEqual(['early', 'long', 'late']);
    expect(editor.item('long').timing).toEqual({ start: 1, stop: 8 });
    expect(editor.item('long').keyframes).toHaveLength(2);
    expect(editor.currentFrame()!.duration).toBe(8);
  });

  it('never goes under 0.1 s, and rounds to hundredths', () => {
    const editor = slideOfEight();
    editor.run(setSlideDuration, { frameId: 'frame-1', duration: 0 });
    expect(editor.currentFrame()!.duration).toBe(0.1);
    expect(ids(editor)).toEqual(['early']);
    expect(editor.item('early').timing).toEqual({ start: 0, stop: 0.1 });
    editor.run(setSlideDuration, { frameId: 'frame-1', duration: 2.3456 });
    expect(editor.currentFrame()!.duration).toBe(2.35);
  });

  it('the playhead stays inside a slide made shorter', () => {
    const editor = slideOfEight();
    editor.setPlayhead(7);
    editor.run(setSlideDuration, { frameId: 'frame-1', duration: 4 });
    expect(editor.playhead).toBeLessThanOrEqual(4);
  });
});
