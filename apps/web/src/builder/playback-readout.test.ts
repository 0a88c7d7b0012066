import { describe, expect, it } from 'vitest';
import { formatReadout } from '../features/player/time-format';
import { readoutOf } from './playback-readout';
import { slide, TestEditor } from './test/test-editor';

/** Three slides of 2, 3 and 4 seconds: the whole video lasts 9 s. */
const threeSlides = () =>
  TestEditor.create([slide('frame-1', [], 2), slide('frame-2', [], 3), slide('frame-3', [], 4)]);

const readout = (editor: TestEditor, dragged: number | null = null) =>
  readoutOf(editor.data, editor.snapshot.session, dragged);
const shown = (editor: TestEditor) => {
  const { time, duration } = readout(editor);
  return formatReadout(time, duration);
};

describe("the control bar's readout (spec 002 §2, D97)", () => {
  it('counts the whole video while the whole video plays: time in the video / its length', () => {
    const editor = threeSlides();
    editor.play({ scope: 'video' });
    editor.playFor(3500);
    // 3.5 s into the video is 1.5 s into the second slide.
    expect(editor.snapshot.session.frameId).toBe('frame-2');
    expect(readout(editor)).toEqual({ scope: 'video', time: 3.5, duration: 9 });
    expect(shown(editor)).toBe('0:00:03 / 0:00:09');
    editor.playFor(3000);
    expect(shown(editor)).toBe('0:00:06 / 0:00:09');
  });

  it('counts the open slide when paused, and while this slide plays', () => {
    const editor = threeSlides();
    editor.play({ scope: 'video' });
    editor.playFor(3500);
    editor.pause();
    expect(readout(editor)).toEqual({ scope: 'slide', time: 1.5, duration: 3 });
    editor.play({ scope: 'slide' });
    editor.playFor(1000);
    expect(readout(editor)).toEqual({ scope: 'slide', time: 2.5, duration: 3 });
    expect(shown(editor)).toBe('0:00:02 / 0:00:03');
  });

  it("follows the slider's own position while it is dragged, within the slide", () => {
    const editor = threeSlides();
    editor.openSlide('frame-3');
    expect(readout(editor, 2.25)).toEqual({ scope: 'slide', time: 2.25, duration: 4 });
    expect(readout(editor, 9)).toEqual({ scope: 'slide', time: 4, duration: 4 });
  });

  it('reads 0 of 0 with no slide open', () => {
    const editor = TestEditor.create([]);
    expect(readout(editor)).toEqual({ scope: 'slide', time: 0, duration: 0 });
  });
});
