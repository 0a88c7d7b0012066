import { buildFrames } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { TestEditor } from './test/test-editor';

/** Wizard slides as the wizard builds them: text over a picture, and text alone. */
function wizardSlides() {
  return buildFrames({
    slides: [
      {
        id: 'over',
        settings: { layout: 'text_overlay' },
        texts: [{ id: 't1', text: 'Lighthouses guide ships home', media: [{ id: 'm', url: '/a.jpg', type: 'image' }] }],
      },
      { id: 'words', texts: [{ id: 't2', text: 'Their lamps turn all night' }] },
    ],
  });
}

describe('the blank stage on wizard slides (D92)', () => {
  it('a press on the picture selects the picture, never a hidden tint item', () => {
    const editor = TestEditor.create(wizardSlides());
    editor.setPlayhead(1);
    editor.click(20, 20);
    expect(editor.selectedIds).toHaveLength(1);
    expect(editor.item(editor.selectedIds[0]!).type).toBe('image');
    expect(editor.currentFrame()!.items.some((item) => item.label === 'overlay')).toBe(false);
  });

  it('a press on the blank stage of a slide of text clears the selection', () => {
    const editor = TestEditor.create(wizardSlides());
    editor.openSlide(editor.data.video.frames[1]!.id);
    editor.setPlayhead(1);
    editor.click(512, 288);
    expect(editor.selectedIds).toHaveLength(1);
    editor.click(10, 10);
    expect(editor.selectedIds).toEqual([]);
    expect(editor.document.undoNames).toEqual([]);
  });

  it('a press around the stage clears the selection and stops editing text, changing nothing', () => {
    const editor = TestEditor.create(wizardSlides());
    editor.setPlayhead(1);
    editor.click(20, 20);
    editor.pressOffStage();
    expect(editor.selectedIds).toEqual([]);
    const words = editor.data.video.frames[1]!;
    editor.openSlide(words.id);
    editor.setPlayhead(1);
    editor.doubleClick({ x: 512, y: 288 });
    expect(editor.snapshot.session.editingTextId).not.toBeNull();
    editor.pressOffStage();
    expect(editor.snapshot.session.editingTextId).toBeNull();
    expect(editor.selectedIds).toEqual([]);
    expect(editor.document.undoNames).toEqual([]);
  });
});
