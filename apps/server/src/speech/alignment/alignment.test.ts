import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEspeakProvider, type EspeakProvider } from '../../providers/tts/espeak/provider';
import { ALIGN_DEFAULT_VOICE, alignScript } from './align';
import { type FeatureMatrix, warp } from './dtw';
import { fragmentsOf } from './script';
import { boundaryErrors, buildTestRecording, COFFEE_SCRIPT } from './test-recording';

const SENTENCES = COFFEE_SCRIPT;
/** The speaker: another voice (British English, male variant 3) than the aligner's US female one. */
const SPEAKER_VOICE = 'en-gb-x-rp+m3';
/** Seconds of silence before each sentence, cycled: 0.5–1.5 s. */
const PAUSES = [1.0, 0.5, 1.5, 0.8, 1.2, 0.6];

let espeak: EspeakProvider;
beforeAll(() => {
  espeak = createEspeakProvider({ processes: 2 });
});
afterAll(async () => {
  await espeak?.close();
});

/** Each sentence's start and end as aligned: its first word's start, its last word's end. */
function sentenceSpans(items: { start_time: string; end_time: string }[]) {
  let at = 0;
  return SENTENCES.map((sentence) => {
    const words = fragmentsOf([sentence]).flatMap((f) => f.words).length;
    const own = items.slice(at, at + words);
    at += words;
    return { start: Number(own[0]?.start_time), end: Number(own.at(-1)?.end_time) };
  });
}

describe('voice-over alignment (issue 5: MFCC + DTW against eSpeak)', () => {
  expect(SPEAKER_VOICE).not.toBe(ALIGN_DEFAULT_VOICE);

  it.each([0.8, 1.2])(
    'finds sentence boundaries of another voice at %s× rate with 0.5–1.5 s pauses (median ≤ 0.25 s, worst ≤ 0.8 s)',
    async (rate) => {
      const recording = await buildTestRecording(espeak, SENTENCES, { voice: SPEAKER_VOICE, rate, pauses: PAUSES });
      try {
        const started = performance.now();
        const result = await alignScript({ recording: recording.file, texts: SENTENCES, speaker: espeak });
        const wall = (performance.now() - started) / 1000;
        const { median, worst } = boundaryErrors(recording.truth, sentenceSpans(result.items));
        console.log(
          `alignment at ${rate}× (${SPEAKER_VOICE} vs ${ALIGN_DEFAULT_VOICE}), ${SENTENCES.length} sentences, ` +
            `${recording.seconds.toFixed(1)} s: sentence-boundary error median ${median.toFixed(3)} s, ` +
            `worst ${worst.toFixed(3)} s; aligned in ${wall.toFixed(2)} s`,
        );
        expect(median).toBeLessThanOrEqual(0.25);
        expect(worst).toBeLessThanOrEqual(0.8);

        // The shape the spec's client reads (AWS Transcribe's items), one per word, in order.
        const words = SENTENCES.join(' ').split(/\s+/).length;
        expect(result.items).toHaveLength(words);
        expect(result.items[0]).toEqual({
          type: 'pronunciation',
          alternatives: [{ content: 'Coffee' }],
          start_time: expect.stringMatching(/^\d+\.\d{3}$/),
          end_time: expect.stringMatching(/^\d+\.\d{3}$/),
        });
        expect(result.items[10]?.alternatives[0].content).toBe('world');
        let previousEnd = 0;
        for (const item of result.items) {
          const [start, end] = [Number(item.start_time), Number(item.end_time)];
          expect(start).toBeGreaterThanOrEqual(previousEnd - 1e-9);
          expect(end).toBeGreaterThanOrEqual(start);
          previousEnd = end;
        }
        expect(previousEnd).toBeLessThanOrEqual(recording.seconds + 0.05);
      } finally {
        await rm(recording.dir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('aligns a speaker who does not pause between sentences', async () => {
    const recording = await buildTestRecording(espeak, SENTENCES.slice(0, 5), {
      voice: SPEAKER_VOICE,
      rate: 1.1,
      pauses: [0.05, 0.1],
    });
    try {
      const result = await alignScript({ recording: recording.file, texts: SENTENCES.slice(0, 5), speaker: espeak });
      const found = result.fragments.reduce<{ start: number; end: number }[]>((spans, fragment) => {
        const last = spans.at(-1);
        // Phrases of one sentence are joined back into it.
        if (last && fragment.text_index === spans.length - 1) last.end = fragment.end;
        else spans.push({ start: fragment.start, end: fragment.end });
        return spans;
      }, []);
      const { median, worst } = boundaryErrors(recording.truth, found);
      expect(median).toBeLessThanOrEqual(0.15);
      expect(worst).toBeLessThanOrEqual(0.5);
    } finally {
      await rm(recording.dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a script without words', async () => {
    await expect(
      alignScript({ recording: new Float32Array(16_000), texts: ['  ** … '], speaker: espeak }),
    ).rejects.toThrow('The script has no words to align.');
  });
});

describe('script fragments', () => {
  it('cuts sentences, then long sentences at commas, keeping short phrases together', () => {
    const fragments = fragmentsOf([
      'Hello *world*! This is short, but fine. A longer sentence goes here, and then, after a comma, it goes on further.',
      'Second slide',
    ]);
    expect(fragments.map((f) => [f.text, f.text_index])).toEqual([
      ['Hello world!', 0],
      ['This is short, but fine.', 0],
      ['A longer sentence goes here,', 0],
      ['and then, after a comma,', 0],
      ['it goes on further.', 0],
      ['Second slide', 1],
    ]);
    expect(fragments[0]?.words).toEqual([
      { content: 'Hello', weight: 5 },
      { content: 'world', weight: 5 },
    ]);
  });
});

describe('multi-resolution DTW', () => {
  /** A 4-dimensional signal that varies at every frame, read at position `t` (frames). */
  const signal = (t: number) => [Math.sin(t / 7), Math.cos(t / 11), Math.sin(t / 3.3), Math.cos(t / 17 + 1)];
  const matrix = (frames: number, at: (i: number) => number): FeatureMatrix => {
    const data = new Float32Array(frames * 4);
    for (let i = 0; i < frames; i++) data.set(signal(at(i)), i * 4);
    return { frames, dims: 4, data };
  };

  it('recovers a known warp of 10 minutes of frames in bounded time', () => {
    // The "recording" is the reference played at 0.8×, then 1.25× (plus a pause held on one frame).
    const m = 50_000;
    const reference = matrix(m, (j) => j);
    const source = (i: number) => (i < 30_000 ? i * 0.8 : i < 30_500 ? 24_000 : 24_000 + (i - 30_500) * 1.25);
    const n = 30_500 + Math.ceil((m - 1 - 24_000) / 1.25);
    const recording = matrix(n, (i) => Math.min(m - 1, source(i)));
    const started = performance.now();
    const path = warp(recording, reference);
    const seconds = (performance.now() - started) / 1000;
    let worst = 0;
    for (let k = 0; k < path.rows.length; k++) {
      worst = Math.max(worst, Math.abs((path.cols[k] as number) - Math.min(m - 1, source(path.rows[k] as number))));
    }
    console.log(
      `DTW ${n} × ${m} frames (~10 min): ${seconds.toFixed(2)} s, worst column error ${worst.toFixed(1)} frames`,
    );
    expect(worst).toBeLessThanOrEqual(3);
    expect(seconds).toBeLessThan(20);
  });
});
