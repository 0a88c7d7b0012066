import { describe, expect, it } from 'vitest';
import { MovieSchema } from '../video/movie';
import { slideFrame } from '../wizard/slides/build-frames';
import { SlideSchema } from '../wizard/slides/schema';
import { movieCaptionWords, movieCues } from './movie-words';

const words = (...spoken: [string, number, number][]) => spoken.map(([text, start, end]) => ({ text, start, end }));
const box = { left: 0, top: 0, width: 1, height: 1 };

function movieOf(frames: unknown[], extra: Record<string, unknown> = {}) {
  return MovieSchema.parse({ frames, ...extra });
}

const hello = words(['Hello', 0.1, 0.5], ['there.', 0.6, 1.0], ['Bye', 2.2, 2.6]);

describe('movieCaptionWords', () => {
  it('places an audio item’s words at its start in the video, frame by frame', () => {
    const movie = movieOf([
      { id: 'a', duration: 4, items: [] },
      {
        id: 'b',
        duration: 5,
        items: [{ id: 'n', type: 'audio', url: '/x.mp3', timing: { start: 1, stop: 4 }, box, words: hello }],
      },
    ]);
    expect(movieCaptionWords(movie)).toEqual(words(['Hello', 5.1, 5.5], ['there.', 5.6, 6], ['Bye', 7.2, 7.6]));
  });

  it('counts from the trim offset and leaves out words before it or after the item ends', () => {
    const movie = movieOf([
      {
        id: 'a',
        duration: 5,
        items: [
          { id: 'n', type: 'audio', url: '/x.mp3', timing: { start: 0, stop: 1.5 }, box, offset: 0.5, words: hello },
        ],
      },
    ]);
    // 'Hello' began before the offset; 'Bye' (2.2 s into the file) comes after the item's 1.5 s.
    expect(movieCaptionWords(movie)).toEqual(words(['there.', 0.1, 0.5]));
  });

  it('cuts a word the item’s end cuts short', () => {
    const movie = movieOf([
      {
        id: 'a',
        duration: 5,
        items: [{ id: 'n', type: 'audio', url: '/x.mp3', timing: { start: 0, stop: 0.8 }, box, words: hello }],
      },
    ]);
    expect(movieCaptionWords(movie)).toEqual(words(['Hello', 0.1, 0.5], ['there.', 0.6, 0.8]));
  });

  it('captions audio attached to a visual item from the item’s start', () => {
    const movie = movieOf([
      {
        id: 'a',
        duration: 5,
        items: [
          {
            id: 'i',
            type: 'image',
            url: '/p.png',
            timing: { start: 2, stop: 5 },
            box,
            audio: { url: '/x.mp3', source: 'tts', duration: 3, words: hello.slice(0, 1) },
          },
        ],
      },
    ]);
    expect(movieCaptionWords(movie)).toEqual(words(['Hello', 2.1, 2.5]));
  });

  it('leaves out muted narration: an item at volume 0, or the voice volume at 0', () => {
    const item = { id: 'n', type: 'audio', url: '/x.mp3', timing: { start: 0, stop: 3 }, box, words: hello };
    expect(movieCaptionWords(movieOf([{ id: 'a', items: [{ ...item, volume: 0 }] }]))).toEqual([]);
    const quiet = movieOf([{ id: 'a', items: [item] }], { audio: { voiceVolume: 0 } });
    expect(movieCaptionWords(quiet)).toEqual([]);
  });

  it('keeps old documents without words valid, with no captions', () => {
    const movie = movieOf([
      { id: 'a', items: [{ id: 'n', type: 'audio', url: '/x.mp3', timing: { start: 0, stop: 3 }, box }] },
    ]);
    expect(movie.captions).toBeUndefined();
    expect(movieCues(movie)).toEqual([]);
  });
});

describe('movieCues from the wizard', () => {
  it('carries a slide line’s spoken words through build-frames into cues', () => {
    const slide = SlideSchema.parse({
      id: 's1',
      texts: [
        {
          id: 't1',
          text: 'Hello there. Bye',
          audio: { url: '/media/tts/a.mp3', type: 'tts', duration: 3, words: hello },
        },
      ],
    });
    const movie = movieOf([slideFrame(slide, 0)]);
    const cues = movieCues(movie);
    expect(cues.map((cue) => cue.lines.join(' '))).toEqual(['Hello there.', 'Bye']);
    expect(cues[0]?.start).toBeCloseTo(0.1, 6);
  });
});
