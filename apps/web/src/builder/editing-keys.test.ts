import { describe, expect, it } from 'vitest';
import { slide, TestEditor, textAt } from './test/test-editor';

function threeItems() {
  return TestEditor.create([
    slide('frame-1', [
      textAt('a', { left: 0, top: 0, width: 100, height: 100 }, { start: 0, stop: 2 }),
      textAt('b', { left: 200, top: 0, width: 100, height: 100 }, { start: 3, stop: 5 }),
      textAt('c', { left: 400, top: 0, width: 100, height: 100 }),
    ]),
    slide('frame-2', []),
  ]);
}

const ids = (editor: TestEditor) => editor.currentFrame()!.items.map((item) => item.id);

describe('select all (D91)', () => {
  it('Ctrl/Cmd+A selects every item of the open slide and leaves the playhead and the document', () => {
    const editor = threeItems();
    editor.setPlayhead(1);
    expect(editor.keyDown({ key: 'a', metaKey: true })).toBe(true);
    expect(editor.selectedIds).toEqual(['a', 'b', 'c']);
    expect(editor.playhead).toBe(1);
    expect(editor.snapshot.canUndo).toBe(false);
    // Escape lets go of them all.
    editor.key('Escape');
    expect(editor.selectedIds).toEqual([]);
  });

  it('in a field Ctrl+A is the field’s; on an empty slide it selects nothing', () => {
    const editor = threeItems();
    expect(editor.keyDown({ key: 'a', ctrlKey: true, target: { tagName: 'TEXTAREA' } })).toBe(false);
    expect(editor.selectedIds).toEqual([]);
    editor.openSlide('frame-2');
    editor.key('a', { ctrlKey: true });
    expect(editor.selectedIds).toEqual([]);
  });
});

describe('timeline zoom keys (D91)', () => {
  it('+ and - zoom about the playhead, \\ fits the slide again; none is an undo step', () => {
    const editor = threeItems();
    editor.setTimelineViewport({ pxPerSecond: 100, scroll: 0, width: 500 });
    editor.setPlayhead(2);
    editor.key('=');
    expect(editor.timeline.pxPerSecond).toBe(125);
    // The playhead stays where it stood on the lane (200 px).
    expect(2 * editor.timeline.pxPerSecond - editor.timeline.scroll).toBeCloseTo(200);
    editor.key('+', { shiftKey: true });
    expect(editor.timeline.pxPerSecond).toBeCloseTo(156.25);
    editor.key('-');
    expect(editor.timeline.pxPerSecond).toBeCloseTo(125);
    editor.key('\\');
    expect(editor.timeline).toEqual({ pxPerSecond: 100, scroll: 0, width: 500 });
    expect(editor.snapshot.canUndo).toBe(false);
  });

  it('zooming out never goes past the whole slide', () => {
    const editor = threeItems();
    editor.setTimelineViewport({ pxPerSecond: 100, scroll: 0, width: 500 });
    editor.key('-');
    expect(editor.timeline.pxPerSecond).toBe(100);
  });
});

describe('rows reordered by keys (D91)', () => {
  it('Ctrl/Cmd+] and [ move the selected row up and down one layer; with Shift to the top and bottom', () => {
    const editor = threeItems();
    editor.select(['c']);
    editor.key(']', { ctrlKey: true });
    expect(ids(editor)).toEqual(['a', 'c', 'b']);
    editor.key('}', { ctrlKey: true, shiftKey: true });
    expect(ids(editor)).toEqual(['c', 'a', 'b']);
    editor.key('{', { metaKey: true, shiftKey: true });
    expect(ids(editor)).toEqual(['a', 'b', 'c']);
    editor.key('[', { metaKey: true });
    expect(ids(editor)).toEqual(['a', 'b', 'c']);
    expect(editor.document.undoNames).toEqual(['setLayerOrder', 'setLayerOrder', 'setLayerOrder']);
    editor.undo();
    expect(ids(editor)).toEqual(['c', 'a', 'b']);
    editor.redo();
    expect(ids(editor)).toEqual(['a', 'b', 'c']);
  });

  it('several selected rows move together, keeping their order', () => {
    const editor = threeItems();
    editor.select(['b', 'c']);
    editor.key(']', { ctrlKey: true });
    expect(ids(editor)).toEqual(['b', 'c', 'a']);
    editor.key(']', { ctrlKey: true });
    expect(ids(editor)).toEqual(['b', 'c', 'a']);
    editor.key('[', { ctrlKey: true });
    expect(ids(editor)).toEqual(['a', 'b', 'c']);
    expect(editor.document.undoNames).toEqual(['setLayerOrder', 'setLayerOrder']);
  });

  it('Escape keeps the new order and only clears the selection', () => {
    const editor = threeItems();
    editor.select(['a']);
    editor.key('[', { ctrlKey: true }).key('Escape');
    expect(ids(editor)).toEqual(['b', 'a', 'c']);
    expect(editor.selectedIds).toEqual([]);
  });
});
