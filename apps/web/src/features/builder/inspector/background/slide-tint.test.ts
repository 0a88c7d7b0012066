import { createFrame } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { setSlideTint } from '../../../../builder/commands/tint-commands';
import { TestEditor } from '../../../../builder/test/test-editor';
import { SliderGesture } from '../../controls/slider-gesture';

const at = { frameId: 'frame-1' };
const tintOf = (editor: TestEditor) => editor.currentFrame()!.tint;

describe("setSlideTint: the slide's tint over its pictures (D92)", () => {
  it('starts from black at 40 % and changes one field at a time, one undo step each', () => {
    const editor = TestEditor.create([createFrame('frame-1')]);
    editor.run(setSlideTint, { ...at, patch: { alpha: 0.6 } });
    expect(tintOf(editor)).toEqual({ color: '#000000', alpha: 0.6 });
    editor.run(setSlideTint, { ...at, patch: { color: '#ffffff' } });
    expect(tintOf(editor)).toEqual({ color: '#ffffff', alpha: 0.6 });
    expect(editor.document.undoNames).toEqual(['setSlideTint', 'setSlideTint']);
    editor.undo();
    expect(tintOf(editor)).toEqual({ color: '#000000', alpha: 0.6 });
    editor.redo();
    expect(tintOf(editor)).toEqual({ color: '#ffffff', alpha: 0.6 });
  });

  it('removes the tint at 0 % or with null, and refuses values out of range', () => {
    const editor = TestEditor.create([createFrame('frame-1')]);
    editor.run(setSlideTint, { ...at, patch: { alpha: 0.5 } });
    expect(editor.run(setSlideTint, { ...at, patch: { alpha: 2 } })).toBe(false);
    expect(tintOf(editor)?.alpha).toBe(0.5);
    editor.run(setSlideTint, { ...at, patch: { alpha: 0 } });
    expect(tintOf(editor)).toBeUndefined();
    editor.run(setSlideTint, { ...at, patch: { alpha: 0.3 } });
    editor.run(setSlideTint, { ...at, patch: null });
    expect(tintOf(editor)).toBeUndefined();
  });

  it("the Strength slider's drag is one undo step, and Escape takes the drag back and nothing else", () => {
    const editor = TestEditor.create([createFrame('frame-1')]);
    editor.run(setSlideTint, { ...at, patch: { alpha: 0.4 } });
    const slider = new SliderGesture(editor.document, setSlideTint.name);
    for (const alpha of [0.5, 0.6, 0.7]) slider.change(() => editor.run(setSlideTint, { ...at, patch: { alpha } }));
    slider.end();
    expect(tintOf(editor)?.alpha).toBe(0.7);
    expect(editor.document.undoNames).toEqual(['setSlideTint', 'setSlideTint']);
    slider.change(() => editor.run(setSlideTint, { ...at, patch: { alpha: 0.9 } }));
    expect(slider.cancel()).toBe(true);
    slider.end();
    expect(tintOf(editor)?.alpha).toBe(0.7);
    expect(editor.document.undoNames).toEqual(['setSlideTint', 'setSlideTint']);
    editor.undo();
    expect(tintOf(editor)?.alpha).toBe(0.4);
  });
});
