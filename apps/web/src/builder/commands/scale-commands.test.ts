import { describe, expect, it } from 'vitest';
import { slide, TestEditor, textAt } from '../test/test-editor';
import { scaledBox, scaleItem, scalePercent } from './scale-commands';

/** 30 px of the 1024×576 stage, per axis. */
const MIN_SIDE = { width: 30 / 1024, height: 30 / 576 };

function withPhoto() {
  return TestEditor.create([slide('frame-1', [textAt('text-1', { left: 312, top: 188, width: 400, height: 200 })])]);
}

const scale = (editor: TestEditor, percent: number, keyframeDelay?: number) =>
  editor.run(scaleItem, { frameId: 'frame-1', id: 'text-1', percent, minSide: MIN_SIDE, keyframeDelay });

describe('the scale control (D91)', () => {
  it('reads an item’s larger side as a share of the stage', () => {
    expect(scalePercent({ width: 0.5, height: 0.25 })).toBe(50);
    expect(scalePercent({ width: 0.2, height: 0.8 })).toBe(80);
  });

  it('scales about the centre, keeping proportions', () => {
    const editor = withPhoto();
    const before = editor.pxBox('text-1');
    scale(editor, 78.125); // 400 px of 1024 is 39.0625 %: twice that
    const after = editor.pxBox('text-1');
    expect(after.width).toBeCloseTo(800);
    expect(after.height).toBeCloseTo(400);
    expect(after.left + after.width / 2).toBeCloseTo(before.left + before.width / 2);
    expect(after.top + after.height / 2).toBeCloseTo(before.top + before.height / 2);
  });

  it('keeps every side at 30 px or more', () => {
    const box = scaledBox({ left: 0.4, top: 0.4, width: 0.2, height: 0.05 }, 1, MIN_SIDE);
    expect(box.height * 576).toBeCloseTo(30);
    expect(box.width / box.height).toBeCloseTo(4);
  });

  it('a slider drag is one gesture: one undo step on release, redo, Escape takes it back', () => {
    const editor = withPhoto();
    const before = editor.item('text-1').box;
    editor.document.beginGesture('scaleItem');
    for (const percent of [45, 55, 60]) scale(editor, percent);
    editor.document.commitGesture();
    expect(scalePercent(editor.item('text-1').box)).toBeCloseTo(60);
    expect(editor.document.undoNames).toEqual(['scaleItem']);
    editor.undo();
    expect(editor.item('text-1').box).toEqual(before);
    editor.redo();
    expect(scalePercent(editor.item('text-1').box)).toBeCloseTo(60);

    editor.document.beginGesture('scaleItem');
    scale(editor, 90);
    editor.document.cancelGesture();
    expect(scalePercent(editor.item('text-1').box)).toBeCloseTo(60);
    expect(editor.document.undoNames).toEqual(['scaleItem']);
  });

  it('at a keyframe’s time the keyframe is what scales', () => {
    const editor = TestEditor.create([
      slide('frame-1', [
        {
          ...textAt('text-1', { left: 312, top: 188, width: 400, height: 200 }),
          keyframes: [{ delay: 2, style: { left: 0.1 } }],
        },
      ]),
    ]);
    const own = editor.item('text-1').box;
    scale(editor, 78.125, 2);
    expect(editor.item('text-1').box).toEqual(own);
    const style = editor.item('text-1').keyframes[0]!.style;
    expect(style.width! * 1024).toBeCloseTo(800);
    expect(style.left! + style.width! / 2).toBeCloseTo(0.1 + own.width / 2);
  });
});
