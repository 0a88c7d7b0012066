import type { Item, TextItem } from '@reelwright/core';
import { effectsByFamily } from '@reelwright/scene';
import { describe, expect, it } from 'vitest';
import { setItemProps } from '../../../../builder/commands/item-commands';
import { imageAt, slide, TestEditor, textAt } from '../../../../builder/test/test-editor';
import {
  choiceLabel,
  choicesFor,
  chosenName,
  DURATION_RANGE,
  type FxSlot,
  propsForChoice,
  propsForDuration,
  slotsFor,
} from './fx-rules';

const box = { left: 0, top: 0, width: 200, height: 100 };

function editorWith(...items: Item[]) {
  return TestEditor.create([slide('frame-1', items)]);
}

/** What a picker does on a choice: one setItemProps, as the section runs it. */
function choose(editor: TestEditor, id: string, slot: FxSlot, name: string | null): boolean {
  const props = propsForChoice(editor.item(id), slot, name);
  if (!props) return false;
  return editor.run(setItemProps, { frameId: 'frame-1', id, props });
}

describe('Animation/FX pickers', () => {
  it('offers split and the highlighter (and the container effects) for text items only', () => {
    expect(slotsFor(textAt('t', box))).toEqual([
      'show',
      'hide',
      'stay',
      'split',
      'overlay',
      'containerAnimation',
      'containerBackground',
    ]);
    expect(slotsFor(imageAt('i', box))).toEqual(['show', 'hide', 'stay']);
    expect(slotsFor({ type: 'video' })).toEqual(['show', 'hide', 'stay']);
    expect(slotsFor({ type: 'audio' })).toEqual([]);
    const editor = editorWith(imageAt('photo', box));
    expect(propsForChoice(editor.item('photo'), 'split', 'words')).toBeNull();
    expect(propsForChoice(editor.item('photo'), 'overlay', 'marker')).toBeNull();
    expect(choose(editor, 'photo', 'split', 'words')).toBe(false);
    expect(editor.document.undoNames).toEqual([]);
  });

  it('lists the renderer catalogue and the spec split modes', () => {
    expect(choicesFor('show')).toEqual(effectsByFamily('show'));
    expect(choicesFor('hide')).toEqual(effectsByFamily('hide'));
    expect(choicesFor('stay')).toEqual(effectsByFamily('stay'));
    expect(choicesFor('overlay')).toEqual(effectsByFamily('highlighter'));
    expect(choicesFor('containerBackground')).toEqual(effectsByFamily('container-background'));
    expect(choicesFor('split').map((c) => c.name)).toEqual(['words', 'chars', 'lines']);
    expect(choicesFor('containerAnimation').map((c) => c.name)).toContain('random');
  });

  it('makes a choice one undo step, and undo restores the fx before it', () => {
    const editor = editorWith(textAt('title', box));
    choose(editor, 'title', 'show', 'fade-up');
    choose(editor, 'title', 'stay', 'spin');
    const before = editor.item('title').fx;
    expect(choose(editor, 'title', 'show', 'zoom-in')).toBe(true);
    expect(editor.item('title').fx.show?.name).toBe('zoom-in');
    expect(editor.item('title').fx.stay).toEqual({ name: 'spin' });
    expect(editor.document.undoNames).toEqual(['setItemProps', 'setItemProps', 'setItemProps']);
    editor.undo();
    expect(editor.item('title').fx).toEqual(before);
  });

  it('keeps a show duration when the effect changes; a first choice takes the catalogue duration', () => {
    const editor = editorWith(imageAt('photo', box));
    choose(editor, 'photo', 'show', 'roll-in');
    expect(editor.item('photo').fx.show).toEqual({ name: 'roll-in', duration: 0.8 });
    const props = propsForDuration(editor.item('photo'), 'show', 2.5)!;
    editor.run(setItemProps, { frameId: 'frame-1', id: 'photo', props });
    choose(editor, 'photo', 'show', 'fade');
    expect(editor.item('photo').fx.show).toEqual({ name: 'fade', duration: 2.5 });
  });

  it('keeps a duration within 0.05–10 s and offers none without an effect', () => {
    const editor = editorWith(textAt('title', box));
    expect(propsForDuration(editor.item('title'), 'hide', 1)).toBeNull();
    choose(editor, 'title', 'hide', 'fade');
    expect(propsForDuration(editor.item('title'), 'hide', 60)?.fx?.hide?.duration).toBe(DURATION_RANGE.max);
    expect(propsForDuration(editor.item('title'), 'hide', 0)?.fx?.hide?.duration).toBe(DURATION_RANGE.min);
  });

  it('None removes the choice, leaving the rest of the fx', () => {
    const editor = editorWith(textAt('title', box));
    choose(editor, 'title', 'show', 'fade');
    choose(editor, 'title', 'split', 'chars');
    choose(editor, 'title', 'show', null);
    expect(editor.item('title').fx).toEqual({ split: 'chars' });
    expect(chosenName(editor.item('title'), 'show')).toBeNull();
    expect(choiceLabel('show', null)).toBe('None');
    expect(choiceLabel('split', 'chars')).toBe('Chars');
  });

  it('sets container effects on the text box, adding the default box to a text without one', () => {
    const editor = editorWith(textAt('title', box));
    expect((editor.item('title') as TextItem).container).toBeUndefined();
    choose(editor, 'title', 'containerAnimation', 'zoom');
    const text = editor.item('title') as TextItem;
    expect(text.container).toMatchObject({ backgroundColor: '#000000', backgroundAlpha: 0.4, animation: 'zoom' });
    choose(editor, 'title', 'containerBackground', 'stripes-horizontal');
    choose(editor, 'title', 'containerAnimation', null);
    expect((editor.item('title') as TextItem).container?.animation).toBeUndefined();
    editor.undo();
    expect((editor.item('title') as TextItem).container?.animation).toBe('zoom');
    editor.undo();
    editor.undo();
    expect((editor.item('title') as TextItem).container).toBeUndefined();
  });
});
