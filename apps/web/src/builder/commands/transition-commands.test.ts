import { createFrame } from '@reelwright/core';
import { findEffect } from '@reelwright/scene';
import { describe, expect, it } from 'vitest';
import { SliderGesture } from '../../features/builder/controls/slider-gesture';
import { TestEditor } from '../test/test-editor';
import {
  applyTransitionToAll,
  longestTransition,
  setSlideTransition,
  setSlideTransitionDuration,
} from './transition-commands';

/** Three slides of 5, 4 and 1 s; the second is open. */
function threeSlides(): TestEditor {
  const editor = TestEditor.create([
    createFrame('frame-1', { duration: 5 }),
    createFrame('frame-2', { duration: 4 }),
    createFrame('frame-3', { duration: 1 }),
  ]);
  editor.openSlide('frame-2');
  return editor;
}

const transition = (editor: TestEditor, index: number) => editor.data.video.frames[index]!.transition;

describe('a slide’s transition (spec 002 §3 slide fx: show, hide)', () => {
  it('chooses a show effect with its catalogue duration, as one undo step; undo and redo', () => {
    const editor = threeSlides();
    expect(editor.run(setSlideTransition, { frameId: 'frame-2', slot: 'show', name: 'fade' })).toBe(true);
    expect(transition(editor, 1).show).toEqual({ name: 'fade', duration: findEffect('show', 'fade')!.defaultDuration });
    expect(transition(editor, 0)).toEqual({});
    expect(editor.document.undoNames).toEqual(['setSlideTransition']);
    editor.undo();
    expect(transition(editor, 1)).toEqual({});
    editor.redo();
    expect(transition(editor, 1).show?.name).toBe('fade');
  });

  it('chooses a hide effect; another effect keeps the duration set; none removes it', () => {
    const editor = threeSlides();
    editor.run(setSlideTransition, { frameId: 'frame-2', slot: 'hide', name: 'fade' });
    editor.run(setSlideTransitionDuration, { frameId: 'frame-2', slot: 'hide', duration: 1.5 });
    editor.run(setSlideTransition, { frameId: 'frame-2', slot: 'hide', name: 'zoom-out' });
    expect(transition(editor, 1).hide).toEqual({ name: 'zoom-out', duration: 1.5 });
    editor.run(setSlideTransition, { frameId: 'frame-2', slot: 'hide', name: null });
    expect(transition(editor, 1)).toEqual({});
    expect(editor.document.undoNames).toEqual([
      'setSlideTransition',
      'setSlideTransitionDuration',
      'setSlideTransition',
      'setSlideTransition',
    ]);
    editor.undo();
    expect(transition(editor, 1).hide).toEqual({ name: 'zoom-out', duration: 1.5 });
  });

  it('the same choice again, an unknown name, or none when there is none, is no step', () => {
    const editor = threeSlides();
    editor.run(setSlideTransition, { frameId: 'frame-2', slot: 'show', name: 'fade' });
    expect(editor.run(setSlideTransition, { frameId: 'frame-2', slot: 'show', name: 'fade' })).toBe(false);
    expect(editor.run(setSlideTransition, { frameId: 'frame-2', slot: 'show', name: 'no-such-effect' })).toBe(false);
    expect(editor.run(setSlideTransition, { frameId: 'frame-2', slot: 'hide', name: null })).toBe(false);
    expect(editor.document.undoNames).toEqual(['setSlideTransition']);
  });

  it('never lasts longer than its slide: a first choice on a short slide is cut to it', () => {
    const editor = TestEditor.create([createFrame('frame-1', { duration: 0.3 })]);
    editor.run(setSlideTransition, { frameId: 'frame-1', slot: 'show', name: 'roll-in' });
    expect(findEffect('show', 'roll-in')!.defaultDuration).toBeGreaterThan(0.3);
    expect(transition(editor, 0).show).toEqual({ name: 'roll-in', duration: 0.3 });
  });
});

describe('a transition’s duration', () => {
  it('is kept within 0.05 s and the slide’s length (10 s at most)', () => {
    const editor = threeSlides();
    editor.run(setSlideTransition, { frameId: 'frame-2', slot: 'show', name: 'fade' });
    editor.run(setSlideTransitionDuration, { frameId: 'frame-2', slot: 'show', duration: 0.01 });
    expect(transition(editor, 1).show?.duration).toBe(0.05);
    editor.run(setSlideTransitionDuration, { frameId: 'frame-2', slot: 'show', duration: 30 });
    expect(transition(editor, 1).show?.duration).toBe(4);
    expect(longestTransition({ duration: 30 })).toBe(10);
    expect(longestTransition({ duration: 0.01 })).toBe(0.05);
  });

  it('changes nothing without an effect, or for a value that is not a number', () => {
    const editor = threeSlides();
    const before = editor.data;
    expect(editor.run(setSlideTransitionDuration, { frameId: 'frame-2', slot: 'show', duration: 1 })).toBe(false);
    editor.run(setSlideTransition, { frameId: 'frame-2', slot: 'show', name: 'fade' });
    expect(editor.run(setSlideTransitionDuration, { frameId: 'frame-2', slot: 'show', duration: Number.NaN })).toBe(
      false,
    );
    expect(editor.data.video.frames[0]).toBe(before.video.frames[0]);
  });

  it('a slider drag is one undo step; redo brings it back', () => {
    const editor = threeSlides();
    editor.run(setSlideTransition, { frameId: 'frame-2', slot: 'show', name: 'fade' });
    const slider = new SliderGesture(editor.document, 'setSlideTransitionDuration');
    for (const duration of [0.8, 1.2, 1.6, 2]) {
      slider.change(() => editor.run(setSlideTransitionDuration, { frameId: 'frame-2', slot: 'show', duration }));
    }
    expect(transition(editor, 1).show?.duration).toBe(2);
    slider.end();
    expect(editor.document.undoNames).toEqual(['setSlideTransition', 'setSlideTransitionDuration']);
    editor.undo();
    expect(transition(editor, 1).show?.duration).toBe(findEffect('show', 'fade')!.defaultDuration);
    editor.redo();
    expect(transition(editor, 1).show?.duration).toBe(2);
  });

  it('Escape during the drag takes it back and nothing else: the slide and selection stay', () => {
    const editor = threeSlides();
    editor.run(setSlideTransition, { frameId: 'frame-2', slot: 'show', name: 'fade' });
    const before = editor.data;
    const slider = new SliderGesture(editor.document, 'setSlideTransitionDuration');
    slider.change(() => editor.run(setSlideTransitionDuration, { frameId: 'frame-2', slot: 'show', duration: 3 }));
    expect(slider.cancel()).toBe(true);
    slider.end();
    expect(editor.data).toEqual(before);
    expect(editor.document.undoNames).toEqual(['setSlideTransition']);
    expect(editor.currentFrame()?.id).toBe('frame-2');
  });
});

describe('apply to all slides', () => {
  it('gives every slide this slide’s show and hide, as one undo step; undo and redo', () => {
    const editor = threeSlides();
    editor.run(setSlideTransition, { frameId: 'frame-1', slot: 'hide', name: 'fade' });
    editor.run(setSlideTransition, { frameId: 'frame-2', slot: 'show', name: 'wipe-from-left' });
    editor.run(setSlideTransitionDuration, { frameId: 'frame-2', slot: 'show', duration: 2 });
    expect(editor.run(applyTransitionToAll, { frameId: 'frame-2' })).toBe(true);
    // Slide 1 loses its hide (slide 2 has none); slide 3, 1 s long, gets the show cut to 1 s.
    expect(editor.data.video.frames.map((frame) => frame.transition)).toEqual([
      { show: { name: 'wipe-from-left', duration: 2 } },
      { show: { name: 'wipe-from-left', duration: 2 } },
      { show: { name: 'wipe-from-left', duration: 1 } },
    ]);
    expect(editor.document.undoNames.at(-1)).toBe('applyTransitionToAll');
    expect(editor.document.undoNames).toHaveLength(4);
    editor.undo();
    expect(transition(editor, 0)).toEqual({
      hide: { name: 'fade', duration: findEffect('hide', 'fade')!.defaultDuration },
    });
    expect(transition(editor, 2)).toEqual({});
    editor.redo();
    expect(transition(editor, 2)).toEqual({ show: { name: 'wipe-from-left', duration: 1 } });
  });

  it('of the show alone (the slide bar’s marker) leaves every hide as it is', () => {
    const editor = threeSlides();
    editor.run(setSlideTransition, { frameId: 'frame-1', slot: 'hide', name: 'fade' });
    editor.run(setSlideTransition, { frameId: 'frame-2', slot: 'show', name: 'zoom-in' });
    editor.run(applyTransitionToAll, { frameId: 'frame-2', slots: ['show'] });
    expect(editor.data.video.frames.map((frame) => [frame.transition.show?.name, frame.transition.hide?.name])).toEqual(
      [
        ['zoom-in', 'fade'],
        ['zoom-in', undefined],
        ['zoom-in', undefined],
      ],
    );
    expect(editor.document.undoNames.at(-1)).toBe('applyTransitionToAll');
  });

  it('is no step when every slide has it already', () => {
    const editor = threeSlides();
    editor.run(setSlideTransition, { frameId: 'frame-2', slot: 'show', name: 'fade' });
    editor.run(applyTransitionToAll, { frameId: 'frame-2' });
    expect(editor.run(applyTransitionToAll, { frameId: 'frame-1' })).toBe(false);
  });

  it('of a slide without a transition removes every transition', () => {
    const editor = threeSlides();
    editor.run(setSlideTransition, { frameId: 'frame-1', slot: 'show', name: 'fade' });
    editor.run(setSlideTransition, { frameId: 'frame-3', slot: 'hide', name: 'fade' });
    editor.run(applyTransitionToAll, { frameId: 'frame-2' });
    expect(editor.data.video.frames.map((frame) => frame.transition)).toEqual([{}, {}, {}]);
  });
});
