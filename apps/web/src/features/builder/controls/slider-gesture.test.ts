import { describe, expect, it } from 'vitest';
import { setAudioLevels, setWatermark } from '../../../builder/commands/movie-commands';
import { TestEditor } from '../../../builder/test/test-editor';
import { SliderGesture } from './slider-gesture';

describe('a settings slider', () => {
  it('applies each move live and commits one undo step on release', () => {
    const editor = TestEditor.create();
    const slider = new SliderGesture(editor.document, 'setAudioLevels');
    for (const voiceVolume of [0.9, 0.7, 0.5]) {
      slider.change(() => editor.run(setAudioLevels, { voiceVolume }));
      expect(slider.path).toBe('live');
      expect(editor.data.video.audio.voiceVolume).toBe(voiceVolume);
    }
    slider.end();
    expect(slider.path).toBe('idle');
    expect(editor.document.undoNames).toEqual(['setAudioLevels']);
    editor.undo();
    expect(editor.data.video.audio.voiceVolume).toBe(1);
  });

  it('Escape takes the drag back; further moves change nothing until release', () => {
    const editor = TestEditor.create();
    const slider = new SliderGesture(editor.document, 'setWatermark');
    slider.change(() => editor.run(setWatermark, { opacity: 0.3 }));
    expect(slider.cancel()).toBe(true);
    expect(slider.path).toBe('canceled');
    expect(editor.data.video.watermark.opacity).toBe(0.6);
    slider.change(() => editor.run(setWatermark, { opacity: 0.1 }));
    expect(editor.data.video.watermark.opacity).toBe(0.6);
    slider.end();
    expect(editor.document.canUndo).toBe(false);
    // The next drag works again.
    slider.change(() => editor.run(setWatermark, { opacity: 0.9 }));
    slider.end();
    expect(editor.data.video.watermark.opacity).toBe(0.9);
    expect(editor.document.undoNames).toEqual(['setWatermark']);
  });

  it('Escape without a drag is not taken', () => {
    const slider = new SliderGesture(TestEditor.create().document, 'setAudioLevels');
    expect(slider.cancel()).toBe(false);
  });

  it('a keyboard step (change then end) is one step of its own', () => {
    const editor = TestEditor.create();
    const slider = new SliderGesture(editor.document, 'setAudioLevels');
    for (const musicVolume of [0.3, 0.35]) {
      slider.change(() => editor.run(setAudioLevels, { musicVolume }));
      slider.end();
    }
    expect(editor.document.undoNames).toEqual(['setAudioLevels', 'setAudioLevels']);
  });
});
