import { describe, expect, it } from 'vitest';
import { imageAt, slide, TestEditor, textAt } from './test/test-editor';

/**
 * Escape pressed in a field (an inspector number, a dropdown, a link box) belongs to the field
 * (D41, D93): it takes back what was typed or closes the list, and the selection stays, so the
 * inspector the author is working in stays open.
 */
function oneTitle() {
  return TestEditor.create([slide('frame-1', [textAt('title', { left: 100, top: 100, width: 200, height: 100 })])]);
}

describe('Escape in a field', () => {
  it('keeps the selection when the focus is in an input, a select or a textarea', () => {
    const editor = oneTitle();
    editor.click(150, 150);
    for (const tagName of ['INPUT', 'SELECT', 'TEXTAREA']) {
      expect(editor.keyDown({ key: 'Escape', target: { tagName } })).toBe(false);
      expect(editor.selectedIds).toEqual(['title']);
    }
  });

  it('still clears the selection when the focus is on the page', () => {
    const editor = oneTitle();
    editor.click(150, 150);
    expect(editor.keyDown({ key: 'Escape', target: { tagName: 'BODY' } })).toBe(true);
    expect(editor.selectedIds).toEqual([]);
  });

  it('keeps a waiting drop question too', () => {
    const editor = TestEditor.create([
      slide('frame-1', [imageAt('photo', { left: 100, top: 100, width: 200, height: 100 })]),
    ]);
    editor.click(150, 150);
    editor.drop({ type: 'image', url: '/media/other.png' }, { x: 150, y: 150 });
    expect(editor.snapshot.session.pendingDrop).not.toBeNull();
    editor.keyDown({ key: 'Escape', target: { tagName: 'INPUT' } });
    expect(editor.snapshot.session.pendingDrop).not.toBeNull();
    editor.key('Escape');
    expect(editor.snapshot.session.pendingDrop).toBeNull();
  });

  it('still takes back a drag going on while a field has the focus, and nothing else', () => {
    const editor = oneTitle();
    editor.click(150, 150);
    const before = editor.pxBox('title');
    editor.down(150, 150).move(250, 200);
    expect(editor.pxBox('title').left).not.toBe(before.left);
    editor.keyDown({ key: 'Escape', target: { tagName: 'INPUT' } });
    editor.up();
    expect(editor.pxBox('title')).toEqual(before);
    expect(editor.selectedIds).toEqual(['title']);
    expect(editor.snapshot.canUndo).toBe(false);
  });

  it('ends editing text in the stage text box (an editable area), keeping the item selected', () => {
    const editor = oneTitle();
    editor.click(150, 150);
    editor.doubleClick({ x: 150, y: 150 });
    expect(editor.editingTextId).toBe('title');
    editor.keyDown({ key: 'Escape', target: { isContentEditable: true } });
    expect(editor.editingTextId).toBeNull();
    expect(editor.selectedIds).toEqual(['title']);
  });
});
