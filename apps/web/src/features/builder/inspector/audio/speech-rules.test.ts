import { messages, type TextItem, type TtsVoice } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { insertItem } from '../../../../builder/commands/item-commands';
import { slide, TestEditor, textAt } from '../../../../builder/test/test-editor';
import { slideVoice, speechItem, speechRequest, textOfItem } from './speech-rules';

const voice = (Id: string, LanguageCode: string, engine: TtsVoice['engine']): TtsVoice => ({
  Id,
  label: Id,
  Name: Id,
  LanguageCode,
  LanguageName: LanguageCode,
  engine,
});
const VOICES = [
  voice('fr-1', 'fr-FR', 'free_tts'),
  voice('en-1', 'en-US', 'free_tts'),
  voice('joanna', 'en-US', 'paid_tts'),
];

describe('speech in the builder', () => {
  it('speaks with the slide’s own voice, else a US English one of the source’s engine', () => {
    expect(slideVoice(VOICES, { audioSource: 'free_tts', voiceId: 'fr-1' })?.Id).toBe('fr-1');
    expect(slideVoice(VOICES, { audioSource: 'free_tts' })?.Id).toBe('en-1');
    expect(slideVoice(VOICES, { audioSource: 'paid_tts' })?.Id).toBe('joanna');
    expect(slideVoice(VOICES, { audioSource: 'none', voiceId: 'gone' })?.Id).toBe('en-1');
    expect(slideVoice([], { audioSource: 'free_tts' })).toBeUndefined();
  });

  it('asks visitors to sign up, refuses an empty text, and only logs without a voice', () => {
    const en = VOICES[1]!;
    expect(speechRequest({ member: false, text: 'Hello', voice: en })).toEqual({ error: messages.ttsSignupRequired });
    expect(messages.ttsSignupRequired).toBe('Please create a free account to try text to speech feature');
    expect(speechRequest({ member: true, text: '  \n ', voice: en })).toEqual({ error: messages.ttsEmptyText });
    expect(messages.ttsEmptyText).toBe('Please enter some text first');
    expect(speechRequest({ member: true, text: 'Hello', voice: undefined })).toHaveProperty('log');
    expect(speechRequest({ member: true, text: 'Hello', voice: { ...en, LanguageCode: '' } })).toHaveProperty('log');
  });

  it('asks for the plain words with the voice, its language and engine, and the project', () => {
    expect(speechRequest({ member: true, text: 'Coffee wakes the **mind**', voice: VOICES[2], pid: 7 })).toEqual({
      request: { text: 'Coffee wakes the mind', voiceId: 'joanna', lang: 'en-US', engine: 'paid_tts', pid: 7 },
    });
    expect(speechRequest({ member: true, text: 'Hi', voice: VOICES[0], pid: null })).toEqual({
      request: { text: 'Hi', voiceId: 'fr-1', lang: 'fr-FR', engine: 'free_tts' },
    });
  });

  it('places the speech as an audio item from the text’s start, as long as the speech, one undo step', () => {
    const text = { ...textAt('title', { left: 0, top: 0, width: 200, height: 100 }), timing: { start: 1.5, stop: 4 } };
    const editor = TestEditor.create([slide('frame-1', [text], 10)]);
    const words = textOfItem(editor.item('title') as TextItem);
    const item = speechItem('audio-1', editor.item('title') as TextItem, { url: '/media/tts/a.mp3', duration: 2.345 });
    expect(item).toMatchObject({
      type: 'audio',
      source: 'tts',
      url: '/media/tts/a.mp3',
      duration: 2.345,
      ttsText: words,
      timing: { start: 1.5, stop: 3.85 },
    });
    expect(editor.run(insertItem, { frameId: 'frame-1', item })).toBe(true);
    expect(editor.data.video.frames[0]!.items.map((i) => i.id)).toEqual(['audio-1', 'title']);
    editor.undo();
    expect(editor.data.video.frames[0]!.items.map((i) => i.id)).toEqual(['title']);
  });

  it('keeps the clip’s timed words for captions', () => {
    const editor = TestEditor.create([
      slide('frame-1', [textAt('title', { left: 0, top: 0, width: 200, height: 100 })]),
    ]);
    const words = [{ text: 'Hi', start: 0.1, end: 0.4 }];
    const item = speechItem('audio-1', editor.item('title') as TextItem, {
      url: '/media/tts/a.mp3',
      duration: 1,
      words,
    });
    expect(item.words).toEqual(words);
  });
});
