import { createFrame, type Item } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { CASCADE_STEP, cascadeBox } from './cascade';
import { imageAt, slide, TestEditor } from './test/test-editor';

const centre = (item: Item) => ({ x: item.box.left + item.box.width / 2, y: item.box.top + item.box.height / 2 });

describe('new items step off the items they would land on (D92)', () => {
  it('three items added in turn each show: every one a step down and right of the last', () => {
    const editor = TestEditor.create();
    const first = editor.addItem({ type: 'text', text: 'One' })!;
    const second = editor.addItem({ type: 'image', url: '/a.jpg' })!;
    const third = editor.addItem({ type: 'video', url: '/v.mp4' })!;
    expect(first.box).toMatchObject({ left: 0.25, top: 0.25 });
    // The same 57.6 stage px both ways on a 1024×576 stage: a tenth of its height (D97).
    expect(editor.pxBox(second.id).left - editor.pxBox(first.id).left).toBeCloseTo(57.6, 1);
    expect(editor.pxBox(second.id).top - editor.pxBox(first.id).top).toBeCloseTo(57.6, 1);
    expect(editor.pxBox(third.id).top - editor.pxBox(second.id).top).toBeCloseTo(57.6, 1);
    const centres = [first, second, third].map((item) => JSON.stringify(centre(editor.item(item.id))));
    expect(new Set(centres).size).toBe(3);
  });

  it('is part of the one undo step of the addition; redo puts it back in the same place', () => {
    const editor = TestEditor.create();
    editor.addItem({ type: 'text', text: 'One' });
    const second = editor.addItem({ type: 'text', text: 'Two' })!;
    expect(editor.document.undoNames.slice(-2)).toEqual(['insertItem', 'insertItem']);
    editor.undo();
    expect(editor.currentFrame()!.items.map((item) => item.id)).not.toContain(second.id);
    editor.redo();
    expect(editor.item(second.id).box).toEqual(second.box);
  });

  it('Escape after adding clears the selection and leaves the new item where it is', () => {
    const editor = TestEditor.create();
    editor.addItem({ type: 'text', text: 'One' });
    const second = editor.addItem({ type: 'text', text: 'Two' })!;
    editor.key('Escape');
    expect(editor.selectedIds).toEqual([]);
    expect(editor.item(second.id).box).toEqual(second.box);
  });

  it('keeps a dropped item where it was dropped, and lands on a full-stage picture freely', () => {
    const editor = TestEditor.create([
      slide('frame-1', [imageAt('photo', { left: 0, top: 0, width: 1024, height: 576 })]),
    ]);
    const onPicture = editor.addItem({ type: 'text', text: 'Title' })!;
    expect(onPicture.box).toMatchObject({ left: 0.25, top: 0.25 });
    const dropped = editor.addItem({ type: 'image', url: '/b.jpg' }, { x: 512, y: 288 })!;
    expect(dropped.box).toMatchObject({ left: 0.25, top: 0.25 });
  });

  it('ignores items that do not show at the same time', () => {
    const editor = TestEditor.create([createFrame('frame-1', { duration: 10 })]);
    editor.addItem({ type: 'text', text: 'Early' });
    editor.setPlayhead(5);
    const late = editor.addItem({ type: 'text', text: 'Late' })!;
    expect(late.box).toMatchObject({ left: 0.25, top: 0.25 });
  });

  it('steps the same screen distance both ways on a vertical stage, and starts again at the top left', () => {
    const stage = { width: 1080, height: 1920 };
    const box = { left: 0.25, top: 0.25, width: 0.5, height: 0.5 };
    const item = (left: number, top: number) =>
      ({ type: 'text', timing: { start: 0, stop: 3 }, box: { ...box, left, top } }) as Item;
    const next = cascadeBox(box, { start: 0, stop: 3 }, [item(0.25, 0.25)], stage);
    expect((next.left - 0.25) * stage.width).toBeCloseTo(CASCADE_STEP * 1080, 6);
    expect((next.top - 0.25) * stage.height).toBeCloseTo(CASCADE_STEP * 1080, 6);
    // Every place down to the bottom right edge is taken: the next is the top left corner.
    const taken = [0, 1, 2].map((k) => item(0.25 + (k * 108) / 1080, 0.25 + (k * 108) / 1920));
    const wrapped = cascadeBox(box, { start: 0, stop: 3 }, taken, stage);
    expect(wrapped).toMatchObject({ left: 0, top: 0 });
  });

  it('a fourth item starts again at the top left, and every item stays on the stage (D97)', () => {
    const editor = TestEditor.create();
    const added = [1, 2, 3, 4, 5].map((n) => editor.addItem({ type: 'text', text: `Item ${n}` })!);
    const boxes = added.map((item) => editor.pxBox(item.id));
    // Three steps fit below and right of the centred place; the fourth wraps to the corner.
    expect(boxes.map((box) => Math.round(box.top * 10) / 10)).toEqual([144, 201.6, 259.2, 0, 57.6]);
    expect(boxes.map((box) => Math.round(box.left * 10) / 10)).toEqual([256, 313.6, 371.2, 0, 57.6]);
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.left + box.width).toBeLessThanOrEqual(1024 + 1e-6);
      expect(box.top + box.height).toBeLessThanOrEqual(576 + 1e-6);
    }
    // Each step shows: no two items are closer than a step of the stage's shorter side.
    for (let i = 1; i < boxes.length; i++) {
      expect(Math.abs(boxes[i]!.top - boxes[i - 1]!.top)).toBeGreaterThanOrEqual(57.6 - 1e-6);
    }
  });
});
