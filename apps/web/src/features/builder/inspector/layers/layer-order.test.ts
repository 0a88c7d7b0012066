import { describe, expect, it } from 'vitest';
import { reorderItem } from '../../../../builder/commands/item-commands';
import { imageAt, slide, TestEditor, textAt } from '../../../../builder/test/test-editor';
import { LAYER_ACTIONS, type LayerAction, layerTarget } from './layer-order';

const box = { left: 0, top: 0, width: 100, height: 100 };

/** A slide of four items, top layer first: a, b, c, d. */
function fourLayers() {
  return TestEditor.create([
    slide('frame-1', [textAt('a', box), imageAt('b', box), textAt('c', box), imageAt('d', box)]),
  ]);
}

const order = (editor: TestEditor) => editor.currentFrame()!.items.map((item) => item.id);

/** What the button of `action` does for `id`: one reorderItem, when it is on. */
function press(editor: TestEditor, id: string, action: LayerAction): boolean {
  const toIndex = layerTarget(editor.currentFrame()!.items, id, action);
  if (toIndex === null) return false;
  editor.run(reorderItem, { frameId: 'frame-1', id, toIndex });
  return true;
}

describe('layer order actions (spec 002 §2)', () => {
  it('names the four buttons as the brief asks', () => {
    expect(LAYER_ACTIONS.map((entry) => entry.label)).toEqual([
      'Bring forward',
      'Send backward',
      'Bring to front',
      'Send to back',
    ]);
  });

  it('front moves one step up, back one step down, top to first, bottom to last', () => {
    const cases: [string, LayerAction, string[]][] = [
      ['c', 'forward', ['a', 'c', 'b', 'd']],
      ['b', 'backward', ['a', 'c', 'b', 'd']],
      ['c', 'front', ['c', 'a', 'b', 'd']],
      ['b', 'back', ['a', 'c', 'd', 'b']],
    ];
    for (const [id, action, expected] of cases) {
      const editor = fourLayers();
      expect(press(editor, id, action), `${action} ${id}`).toBe(true);
      expect(order(editor), `${action} ${id}`).toEqual(expected);
    }
  });

  it('makes each action one undo step that undo takes back', () => {
    const editor = fourLayers();
    press(editor, 'c', 'forward');
    press(editor, 'a', 'back');
    expect(order(editor)).toEqual(['c', 'b', 'd', 'a']);
    expect(editor.document.undoNames).toEqual(['reorderItem', 'reorderItem']);
    editor.undo();
    expect(order(editor)).toEqual(['a', 'c', 'b', 'd']);
    editor.undo();
    expect(order(editor)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('is off where it would do nothing: the top item cannot go up, the bottom one down', () => {
    const editor = fourLayers();
    const items = editor.currentFrame()!.items;
    expect(layerTarget(items, 'a', 'forward')).toBeNull();
    expect(layerTarget(items, 'a', 'front')).toBeNull();
    expect(layerTarget(items, 'a', 'backward')).toBe(1);
    expect(layerTarget(items, 'd', 'backward')).toBeNull();
    expect(layerTarget(items, 'd', 'back')).toBeNull();
    expect(layerTarget(items, 'd', 'forward')).toBe(2);
    expect(layerTarget(items, 'missing', 'front')).toBeNull();
    expect(press(editor, 'a', 'front')).toBe(false);
    expect(editor.document.undoNames).toEqual([]);
  });

  it('offers nothing for the only item of a slide', () => {
    const items = [textAt('only', box)];
    for (const { action } of LAYER_ACTIONS) expect(layerTarget(items, 'only', action)).toBeNull();
  });
});
