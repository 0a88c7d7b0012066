import { describe, expect, it } from 'vitest';
import { imageAt, slide, TestEditor, textAt } from '../test/test-editor';
import { CLIPBOARD_MARKER, clipboardText, PASTE_OFFSET, parseClipboard } from './clipboard-commands';

/** Two slides: a title over a photo on the first, a note on the second. */
function twoSlides() {
  return TestEditor.create([
    slide('frame-1', [
      textAt('text-1', { left: 100, top: 100, width: 200, height: 100 }),
      imageAt('image-1', { left: 50, top: 50, width: 600, height: 400 }, { start: 1, stop: 4 }),
    ]),
    slide('frame-2', [textAt('text-2', { left: 700, top: 400, width: 100, height: 100 })], 3),
  ]);
}

const ids = (editor: TestEditor) => editor.currentFrame()!.items.map((item) => item.id);
const ctrl = { ctrlKey: true };

describe('copy and paste (D91)', () => {
  it('Ctrl+C then Ctrl+V on the same slide pastes a copy offset, on top, selected, under a new id: one undo step', () => {
    const editor = twoSlides();
    editor.select(['text-1']);
    editor.key('c', ctrl);
    expect(editor.snapshot.canUndo).toBe(false);
    editor.key('v', ctrl);
    expect(ids(editor)).toEqual(['text-3', 'text-1', 'image-1']);
    expect(editor.selectedIds).toEqual(['text-3']);
    const copy = editor.item('text-3');
    const original = editor.item('text-1');
    expect(copy.box.left).toBeCloseTo(original.box.left + PASTE_OFFSET);
    expect(copy.box.top).toBeCloseTo(original.box.top + PASTE_OFFSET);
    expect(copy.timing).toEqual(original.timing);
    expect(editor.document.undoNames).toEqual(['pasteItems']);

    // A second paste steps further, away from the first copy.
    editor.key('v', ctrl);
    expect(editor.item('text-4').box.left).toBeCloseTo(original.box.left + 2 * PASTE_OFFSET);

    editor.undo();
    editor.undo();
    expect(ids(editor)).toEqual(['text-1', 'image-1']);
    editor.redo();
    expect(ids(editor)).toEqual(['text-3', 'text-1', 'image-1']);
  });

  it('pastes on another slide where the original stood, keeping its timing; the slide grows to show it', () => {
    const editor = twoSlides();
    editor.select(['text-1', 'image-1']);
    editor.key('c', ctrl);
    editor.openSlide('frame-2');
    editor.key('v', ctrl);
    // New ids, one above the highest in the movie, in the copied layer order.
    expect(ids(editor)).toEqual(['text-3', 'image-2', 'text-2']);
    expect(editor.item('text-3').box).toEqual(editor.data.video.frames[0]!.items[0]!.box);
    expect(editor.item('image-2').timing).toEqual({ start: 1, stop: 4 });
    expect(editor.currentFrame()!.duration).toBe(5);
    expect(editor.selectedIds).toEqual(['text-3', 'image-2']);
    editor.undo();
    expect(ids(editor)).toEqual(['text-2']);
    expect(editor.currentFrame()!.duration).toBe(3);
  });

  it('Ctrl+X cuts (one undo step) and the paste brings the items back under new ids', () => {
    const editor = twoSlides();
    editor.select(['image-1']);
    editor.key('x', ctrl);
    expect(ids(editor)).toEqual(['text-1']);
    expect(editor.document.undoNames).toEqual(['cutItems']);
    editor.openSlide('frame-2');
    editor.key('v', ctrl);
    // The cut item's id is free again; the copy is a new item all the same.
    expect(ids(editor)).toEqual(['image-1', 'text-2']);
    expect(editor.item('image-1').timing).toEqual({ start: 1, stop: 4 });
    editor.undo();
    editor.undo();
    editor.openSlide('frame-1');
    expect(ids(editor)).toEqual(['text-1', 'image-1']);
  });

  it('copy with nothing selected leaves the clipboard and the keys to the browser', () => {
    const editor = twoSlides();
    expect(editor.keyDown({ key: 'c', ctrlKey: true })).toBe(false);
    expect(editor.keyDown({ key: 'v', ctrlKey: true })).toBe(false);
    expect(ids(editor)).toEqual(['text-1', 'image-1']);
  });

  it('keys typed in a field are the field’s: no copy, no paste', () => {
    const editor = twoSlides();
    editor.select(['text-1']);
    editor.key('c', ctrl);
    expect(editor.keyDown({ key: 'v', ctrlKey: true, target: { tagName: 'INPUT' } })).toBe(false);
    expect(ids(editor)).toEqual(['text-1', 'image-1']);
  });

  it('Escape after a paste only lets go of the selection: the paste stays', () => {
    const editor = twoSlides();
    editor.select(['text-1']);
    editor.key('c', ctrl).key('v', ctrl).key('Escape');
    expect(ids(editor)).toEqual(['text-3', 'text-1', 'image-1']);
    expect(editor.selectedIds).toEqual([]);
    expect(editor.document.undoNames).toEqual(['pasteItems']);
  });

  it('a payload from the system clipboard round-trips; other text is not the builder’s', () => {
    const editor = twoSlides();
    editor.select(['text-1']);
    const payload = editor.copySelection()!;
    const text = clipboardText(payload);
    expect(text.startsWith(CLIPBOARD_MARKER)).toBe(true);
    expect(parseClipboard(text)).toEqual(payload);
    expect(parseClipboard(JSON.stringify(payload))).toEqual(payload);
    expect(parseClipboard('Hello there')).toBeNull();
    expect(
      parseClipboard(`${CLIPBOARD_MARKER}{"kind":"reelwright/items","version":1,"frameId":"f","items":[{}]}`),
    ).toBe(null);
    // Pasted from the system clipboard (another tab), it lands as the editor's own copy does.
    editor.openSlide('frame-2');
    expect(editor.paste(parseClipboard(text))).toBe(true);
    expect(ids(editor)).toEqual(['text-3', 'text-2']);
  });
});
