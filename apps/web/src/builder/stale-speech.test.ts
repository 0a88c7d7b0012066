import { buildFrames } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { setItemText } from './commands/item-commands';
import { replaceSpeech } from './commands/speech-commands';
import { speechOfText, staleSpeech } from './stale-speech';
import { TestEditor } from './test/test-editor';

/** A wizard slide of two narrated lines, the first with a **marked** word. */
function narratedSlide() {
  return buildFrames({
    slides: [
      {
        id: 's',
        settings: { audioSource: 'free_tts' },
        texts: [
          { id: 't1', text: 'Lighthouses **guide** ships home', audio: { url: '/a1.mp3', duration: 2, type: 'tts' } },
          { id: 't2', text: 'Their lamps turn all night', audio: { url: '/a2.mp3', duration: 2, type: 'tts' } },
        ],
      },
    ],
  });
}

const edit = (editor: TestEditor, text: string) =>
  editor.run(setItemText, { frameId: 'frame-1', id: 'frame-1-text-1', paragraphs: [{ runs: [{ text }] }] });

describe('speech whose text changed is stale (D92)', () => {
  it('a slide as the wizard built it has no stale speech; each line finds its own speech', () => {
    const editor = TestEditor.create(narratedSlide());
    const frame = editor.currentFrame()!;
    expect(staleSpeech(frame)).toEqual([]);
    const text = editor.item('frame-1-text-2');
    expect(text.type === 'text' && speechOfText(frame, text)?.id).toBe('frame-1-audio-2');
  });

  it('editing the words makes that line, and only that line, stale', () => {
    const editor = TestEditor.create(narratedSlide());
    edit(editor, 'Lighthouses guided ships home');
    expect(staleSpeech(editor.currentFrame()).map(({ audio, text }) => [audio.id, text.id])).toEqual([
      ['frame-1-audio-1', 'frame-1-text-1'],
    ]);
    // Spacing alone is not a change of words.
    edit(editor, 'Lighthouses  guide ships home ');
    expect(staleSpeech(editor.currentFrame())).toEqual([]);
  });

  it('new speech replaces the old in one undo step, with its words for captions; redo brings it back', () => {
    const editor = TestEditor.create(narratedSlide());
    edit(editor, 'Lighthouses guided ships home safely');
    const words = [{ text: 'Lighthouses', start: 0, end: 0.5 }];
    editor.run(replaceSpeech, {
      frameId: 'frame-1',
      id: 'frame-1-audio-1',
      clip: { url: '/new.mp3', duration: 3.2, words },
      text: 'Lighthouses guided ships home safely',
    });
    expect(staleSpeech(editor.currentFrame())).toEqual([]);
    expect(editor.item('frame-1-audio-1')).toMatchObject({
      url: '/new.mp3',
      duration: 3.2,
      words,
      timing: { start: 0, stop: 3.2 },
    });
    expect(editor.document.undoNames.at(-1)).toBe('replaceSpeech');
    editor.undo();
    expect(staleSpeech(editor.currentFrame())).toHaveLength(1);
    editor.redo();
    expect(staleSpeech(editor.currentFrame())).toEqual([]);
    // Escape with nothing going on clears the selection and leaves the speech alone.
    editor.key('Escape');
    expect(editor.item('frame-1-audio-1')).toMatchObject({ url: '/new.mp3' });
  });
});
