import { describe, expect, it } from 'vitest';
import { SlideSchema } from './schema';
import { syncLinesToTranscript, transcriptWords } from './voice-sync';

const slides = [
  SlideSchema.parse({
    id: 's1',
    texts: [
      { id: 'a', text: 'Bees love **city** gardens.' },
      { id: 'b', text: 'Roofs stay warm.' },
    ],
  }),
  SlideSchema.parse({ id: 's2', texts: [{ id: 'c', text: 'Honey tastes different.' }] }),
];

/** Words said one after another, 0.4 s each with 0.1 s between. */
const said = (text: string, from = 0) =>
  text.split(' ').map((content, i) => ({ content, start: from + i * 0.5, end: from + i * 0.5 + 0.4 }));

describe('voice-over sync', () => {
  it('reads the transcription items: pronunciations with their times', () => {
    expect(
      transcriptWords([
        { type: 'pronunciation', alternatives: [{ content: 'Bees' }], start_time: '0.100', end_time: '0.400' },
        { type: 'punctuation', alternatives: [{ content: '.' }] },
        { type: 'pronunciation', alternatives: [{ content: 'x' }], start_time: 'bad', end_time: '1' },
      ]),
    ).toEqual([{ content: 'Bees', start: 0.1, end: 0.4 }]);
  });

  it('gives each line the span of its words, in order', () => {
    const words = said('Bees love city gardens Roofs stay warm Honey tastes different');
    expect(syncLinesToTranscript(slides, words)).toEqual([
      { slideId: 's1', textId: 'a', startTime: 0, endTime: 1.9 },
      { slideId: 's1', textId: 'b', startTime: 2, endTime: 3.4 },
      { slideId: 's2', textId: 'c', startTime: 3.5, endTime: 4.9 },
    ]);
  });

  it('keeps the lines in place when words are misheard, skipped or added', () => {
    // 'love' misheard as 'lav', 'stay' skipped, 'um' added before 'Honey'.
    const words = said('Bees lav city gardens Roofs warm um Honey tastes different');
    const synced = syncLinesToTranscript(slides, words);
    expect(synced.map((s) => s.startTime)).toEqual([0, 2, 3.5]);
    expect(synced.map((s) => s.endTime)).toEqual([1.9, 2.9, 4.9]);
  });

  it('gives a line nothing was matched for the gap between its neighbours', () => {
    const words = [...said('Bees love city gardens'), ...said('Honey tastes different', 5)];
    const [, middle] = syncLinesToTranscript(slides, words);
    expect(middle).toMatchObject({ startTime: 1.9, endTime: 5 });
  });
});
