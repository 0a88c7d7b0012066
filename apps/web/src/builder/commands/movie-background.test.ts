import { BackgroundSchema, type Frame } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { slide, TestEditor } from '../test/test-editor';
import { followsMovieBackground, setMovieBackground } from './movie-commands';

/**
 * The movie-level 'Background Color' shows where its label says (D93): on every slide whose
 * background is the default black (or none), in one undo step; a slide's own background stays.
 */
function withBackground(id: string, background: object): Frame {
  return { ...slide(id, []), background: BackgroundSchema.parse(background) };
}

function threeSlides() {
  return TestEditor.create([
    slide('plain', []),
    withBackground('red', { type: 'color', color: '#ff0000' }),
    withBackground('photo', { type: 'image', url: '/media/sky.jpg' }),
  ]);
}

const backgrounds = (editor: TestEditor) => editor.data.video.frames.map((frame) => frame.background.type);

describe('the movie Background Color', () => {
  it('shows behind every slide with the default background, and leaves the slides’ own alone', () => {
    const editor = threeSlides();
    editor.run(setMovieBackground, { color: '#1c7ed6' });
    expect(editor.data.video.background).toMatchObject({ type: 'color', color: '#1c7ed6' });
    expect(backgrounds(editor)).toEqual(['none', 'color', 'image']);
    expect(editor.data.video.frames[1]!.background.color).toBe('#ff0000');
  });

  it('is one undo step, and redo brings it back', () => {
    const editor = threeSlides();
    editor.run(setMovieBackground, { color: '#1c7ed6' });
    expect(editor.document.undoNames).toEqual(['setMovieBackground']);
    editor.undo();
    expect(editor.data.video.background).toBeUndefined();
    expect(backgrounds(editor)).toEqual(['color', 'color', 'image']);
    expect(editor.data.video.frames[0]!.background.color).toBe('#000000');
    editor.redo();
    expect(backgrounds(editor)).toEqual(['none', 'color', 'image']);
  });

  it('a later colour reaches the same slides; a colour the author gave a slide stays its own', () => {
    const editor = threeSlides();
    editor.run(setMovieBackground, { color: '#1c7ed6' });
    editor.run(setMovieBackground, { color: '#2f9e44' });
    expect(editor.data.video.background?.color).toBe('#2f9e44');
    expect(backgrounds(editor)).toEqual(['none', 'color', 'image']);
  });

  it('a new slide shows the movie colour once one is set', () => {
    const editor = threeSlides();
    const before = editor.addSlide();
    expect(editor.data.video.frames.find((frame) => frame.id === before)!.background.type).toBe('color');
    editor.run(setMovieBackground, { color: '#1c7ed6' });
    const after = editor.addSlide();
    expect(editor.data.video.frames.find((frame) => frame.id === after)!.background.type).toBe('none');
  });

  it('tells the default black and the movie colour from a slide’s own background', () => {
    const movie = BackgroundSchema.parse({ type: 'color', color: '#1c7ed6' });
    const parse = (value: object) => BackgroundSchema.parse(value);
    expect(followsMovieBackground(parse({ type: 'none' }), movie)).toBe(true);
    expect(followsMovieBackground(parse({ type: 'color', color: '#000000' }), undefined)).toBe(true);
    expect(followsMovieBackground(parse({ type: 'color', color: '#1C7ED6' }), movie)).toBe(true);
    expect(followsMovieBackground(parse({ type: 'color', color: '#1c7ed6' }), undefined)).toBe(false);
    expect(followsMovieBackground(parse({ type: 'color', color: '#000000', filters: { blur: 4 } }), movie)).toBe(false);
    expect(followsMovieBackground(parse({ type: 'gradient', color: '#000000' }), movie)).toBe(false);
    expect(followsMovieBackground(parse({ type: 'blob', color: '#000000' }), movie)).toBe(false);
  });
});
