import type { SpokenWord } from '@reelwright/core';
import { defineCommand } from './define';
import { fitFrameDuration, frameOf, itemOf } from './lookup';

/**
 * New speech for an audio item whose text changed (D92): the new file, its length, its timed
 * words (captions) and the words it says, in place of the old ones; it keeps its start, volume
 * and place in the stack, and lasts as long as the new speech. One undo step.
 */
export const replaceSpeech = defineCommand<{
  frameId: string;
  id: string;
  clip: { url: string; duration: number; words?: SpokenWord[] };
  text: string;
}>({
  name: 'replaceSpeech',
  perform(draft, { frameId, id, clip, text }) {
    const frame = frameOf(draft, frameId);
    const item = itemOf(frame, id);
    if (item.type !== 'audio') return;
    item.url = clip.url;
    item.duration = clip.duration;
    item.offset = 0;
    item.ttsText = text;
    item.label = text.length > 40 ? `${text.slice(0, 39)}…` : text;
    if (clip.words) item.words = clip.words;
    else delete item.words;
    item.timing.stop = Math.round((item.timing.start + Math.max(clip.duration, 0.1)) * 100) / 100;
    fitFrameDuration(frame);
  },
});
