import { type AudioItem, type Frame, type Item, plainText, type TextItem } from '@reelwright/core';

/** The words of a text item as speech reads them: plain, one space between words. */
export function spokenWords(item: TextItem): string {
  const text = item.paragraphs.map((paragraph) => paragraph.runs.map((run) => run.text).join('')).join('\n');
  return normal(plainText(text));
}

const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

const isSpeech = (item: Item): item is AudioItem => item.type === 'audio' && item.source === 'tts' && !!item.ttsText;

/**
 * The text item a speech item reads (D92): the wizard's line of the same number (`…-audio-n` reads
 * `…-text-n`), else the text item that starts when the speech starts (speech generated in the
 * builder starts with its text). None when the text is gone.
 */
export function textOfSpeech(frame: Frame, audio: AudioItem): TextItem | undefined {
  const texts = frame.items.filter((item): item is TextItem => item.type === 'text');
  const line = /^(.*)-audio-(\d+)$/.exec(audio.id);
  const wizardLine = line ? texts.find((text) => text.id === `${line[1]}-text-${line[2]}`) : undefined;
  return wizardLine ?? texts.find((text) => text.timing.start === audio.timing.start);
}

/** The speech items of the open slide whose text no longer says what they say, with their text. */
export function staleSpeech(frame: Frame | null | undefined): { audio: AudioItem; text: TextItem }[] {
  if (!frame) return [];
  return frame.items.filter(isSpeech).flatMap((audio) => {
    const text = textOfSpeech(frame, audio);
    return text && spokenWords(text) !== normal(audio.ttsText ?? '') ? [{ audio, text }] : [];
  });
}

/** The speech of a text item, when it has one: for its inspector. */
export function speechOfText(frame: Frame, text: TextItem): AudioItem | undefined {
  return frame.items.filter(isSpeech).find((audio) => textOfSpeech(frame, audio)?.id === text.id);
}

/** Whether the audio item `audioId` of the frame is speech whose text changed since (for its timeline row). */
export function isStaleSpeech(frame: Frame | null | undefined, audioId: string): boolean {
  return staleSpeech(frame).some(({ audio }) => audio.id === audioId);
}
