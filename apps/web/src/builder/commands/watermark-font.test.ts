import { describe, expect, it } from 'vitest';
import { TestEditor } from '../test/test-editor';
import { setWatermark } from './movie-commands';

/** The text watermark's font (spec 002 §3 watermark style.fontFamily, D93). */
describe('the watermark font', () => {
  it('is chosen as one undo step of its own, and redo brings it back', () => {
    const editor = TestEditor.create();
    editor.run(setWatermark, { type: 'text', text: 'Acme' });
    expect(editor.data.video.watermark.fontFamily).toBe('Inter');
    editor.run(setWatermark, { fontFamily: 'Poppins' });
    expect(editor.data.video.watermark).toMatchObject({ type: 'text', text: 'Acme', fontFamily: 'Poppins' });
    expect(editor.document.undoNames).toEqual(['setWatermark', 'setWatermark']);
    editor.undo();
    expect(editor.data.video.watermark.fontFamily).toBe('Inter');
    expect(editor.data.video.watermark.text).toBe('Acme');
    editor.redo();
    expect(editor.data.video.watermark.fontFamily).toBe('Poppins');
  });
});
