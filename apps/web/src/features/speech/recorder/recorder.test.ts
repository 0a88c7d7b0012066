import {
  AudioItemSchema,
  createFrame,
  createTextItem,
  emptyProjectData,
  type Frame,
  type ProjectData,
} from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { currentStep, initialRecorderState, recorderReducer, recordingStatus, savingCount } from './recorder-machine';
import { framesToRecord, planSteps, splitSentences, textItemsInReadingOrder } from './recording-plan';
import { meterPercent, rmsLevel, SilenceDetector } from './silence';
import { addTakeToProject, nextVoiceItemId, recordingLimit, takeStart } from './take-placement';

const voice = (id: string) =>
  AudioItemSchema.parse({
    id,
    type: 'audio',
    url: `/media/recordings/${id}.mp3`,
    timing: { start: 0, stop: 2 },
    box: { left: 0, top: 0, width: 0.1, height: 0.1 },
  });

function movie(): Frame[] {
  return [
    createFrame('a', {
      duration: 6,
      items: [
        createTextItem('body', 'First sentence here. Second one!\nA title line', {
          timing: { start: 1, stop: 6 },
          box: { left: 0.1, top: 0.5, width: 0.8, height: 0.3, rotate: 0, opacity: 1 },
        }),
        createTextItem('head', 'Welcome', { timing: { start: 0, stop: 6 } }),
      ],
    }),
    createFrame('b', { duration: 4, items: [voice('old')] }),
    createFrame('c', { duration: 5 }),
  ];
}

describe('which slides and sentences are recorded', () => {
  it('splits text into sentences, lines ending sentences too', () => {
    expect(splitSentences('One. Two?  Three!\nFour\n\n  ')).toEqual(['One.', 'Two?', 'Three!', 'Four']);
    expect(splitSentences('... \n —')).toEqual([]);
  });

  it('reads text items by when they appear, then top to bottom', () => {
    expect(textItemsInReadingOrder(movie()[0]!).map((item) => item.id)).toEqual(['head', 'body']);
  });

  it('chooses the current slide or all, and can skip slides that have audio', () => {
    const frames = movie();
    const ids = (list: { frame: Frame }[]) => list.map(({ frame }) => frame.id);
    expect(ids(framesToRecord(frames, { scope: 'current', currentFrameId: 'b', skipWithAudio: false }))).toEqual(['b']);
    expect(ids(framesToRecord(frames, { scope: 'current', currentFrameId: 'b', skipWithAudio: true }))).toEqual([]);
    expect(ids(framesToRecord(frames, { scope: 'current', currentFrameId: null, skipWithAudio: false }))).toEqual([
      'a',
    ]);
    expect(ids(framesToRecord(frames, { scope: 'all', currentFrameId: null, skipWithAudio: true }))).toEqual([
      'a',
      'c',
    ]);
  });

  it('makes one step per sentence, and one for a slide without text', () => {
    const steps = planSteps(movie(), { scope: 'all', currentFrameId: null, skipWithAudio: true });
    expect(steps.map((s) => [s.key, s.sentence, s.anchor, s.frameIndex])).toEqual([
      ['a/head/0', 'Welcome', 0, 0],
      ['a/body/0', 'First sentence here.', 1, 0],
      ['a/body/1', 'Second one!', 1, 0],
      ['a/body/2', 'A title line', 1, 0],
      ['c/-/0', null, 0, 2],
    ]);
  });
});

describe('where a take goes', () => {
  const [welcome, first] = planSteps(movie(), { scope: 'current', currentFrameId: 'a', skipWithAudio: false });

  it('starts at its text item, or after the previous take on the same slide', () => {
    expect(takeStart(welcome!, null)).toBe(0);
    expect(takeStart(first!, null)).toBe(1);
    expect(takeStart(first!, { frameId: 'a', start: 0, seconds: 2.345 })).toBe(2.35);
    expect(takeStart(first!, { frameId: 'a', start: 0, seconds: 0.5 })).toBe(1);
    expect(takeStart(first!, { frameId: 'other', start: 0, seconds: 4 })).toBe(1);
  });

  it("starts the first take on the builder's slide at its playhead, later ones after the takes before", () => {
    const origin = { frameId: 'a', playhead: 2.5 };
    expect(takeStart(welcome!, null, origin)).toBe(2.5);
    expect(takeStart(first!, { frameId: 'a', start: 2.5, seconds: 1.2 }, origin)).toBe(3.7);
    expect(takeStart(first!, null, { frameId: 'b', playhead: 2.5 })).toBe(1);
  });

  it('stops at the slide end, but lets a take run at least a second', () => {
    expect(recordingLimit({ duration: 6 }, 1.5)).toBe(4.5);
    expect(recordingLimit({ duration: 6 }, 5.8)).toBe(1);
  });

  it('names new voice items after those in use', () => {
    const frame = createFrame('x', { items: [voice('voice-1'), voice('voice-3')] });
    expect(nextVoiceItemId(frame)).toBe('voice-2');
    expect(nextVoiceItemId(frame, new Set(['voice-2']))).toBe('voice-4');
  });

  it('adds a voice-over audio item, replaces it on redo, and lengthens a slide it overruns', () => {
    const data: ProjectData = { ...emptyProjectData(), video: { ...emptyProjectData().video, frames: movie() } };
    const take = {
      frameId: 'a',
      itemId: 'voice-1',
      start: 1,
      url: '/media/recordings/x.mp3',
      duration: 2.5,
      sentence: 'Hi.',
    };
    addTakeToProject(take)(data);
    const added = data.video.frames[0]!.items.find((item) => item.id === 'voice-1');
    expect(added).toMatchObject({
      type: 'audio',
      source: 'mic',
      url: '/media/recordings/x.mp3',
      duration: 2.5,
      ttsText: 'Hi.',
      timing: { start: 1, stop: 3.5 },
    });
    addTakeToProject({ ...take, url: '/media/recordings/y.mp3', duration: 7 })(data);
    const frame = data.video.frames[0]!;
    expect(frame.items.filter((item) => item.type === 'audio')).toHaveLength(1);
    expect(frame.items.find((item) => item.id === 'voice-1')).toMatchObject({ url: '/media/recordings/y.mp3' });
    expect(frame.duration).toBe(8);
    addTakeToProject({ ...take, frameId: 'gone' })(data);
    expect(data.video.frames.flatMap((f) => f.items)).toHaveLength(4);
  });
});

describe('the recorder step machine', () => {
  const steps = planSteps(movie(), { scope: 'current', currentFrameId: 'a', skipWithAudio: false });
  const go = (...events: Parameters<typeof recorderReducer>[1][]) =>
    events.reduce(recorderReducer, initialRecorderState);

  it('walks choice → device → recording, one sentence per step, then finished', () => {
    let state = go({ type: 'choose', steps }, { type: 'start' });
    expect(state.screen).toBe('recording');
    expect(recordingStatus(state)).toBe('not-started');
    state = recorderReducer(state, { type: 'recordStarted', itemId: 'voice-1', start: 0 });
    expect(recordingStatus(state)).toBe('recording');
    state = recorderReducer(state, { type: 'recordStopped', seconds: 1.2 });
    expect(state.index).toBe(1);
    expect(recordingStatus(state)).toBe('saving');
    expect(savingCount(state)).toBe(1);
    state = recorderReducer(state, { type: 'saved', stepKey: 'a/head/0', url: '/u.mp3' });
    expect(recordingStatus(state)).toBe('not-started');
    for (let i = 1; i < steps.length; i++) state = recorderReducer(state, { type: 'skip' });
    expect(state.screen).toBe('finished');
    expect(state.takes['a/head/0']).toMatchObject({ status: 'saved', url: '/u.mp3', seconds: 1.2 });
  });

  it('starts over on reset', () => {
    expect(recorderReducer(go({ type: 'choose', steps }), { type: 'reset' })).toBe(initialRecorderState);
  });

  it('does not choose an empty plan, and goes back from the device screen', () => {
    expect(go({ type: 'choose', steps: [] }).screen).toBe('choice');
    expect(go({ type: 'choose', steps }, { type: 'back' }).screen).toBe('choice');
  });

  it('ignores skipping and finishing while recording', () => {
    const state = go({ type: 'choose', steps }, { type: 'start' }, { type: 'recordStarted', itemId: 'v', start: 0 });
    expect(recorderReducer(state, { type: 'skip' })).toBe(state);
    expect(recorderReducer(state, { type: 'finish' })).toBe(state);
    expect(recorderReducer(state, { type: 'recordStarted', itemId: 'w', start: 0 })).toBe(state);
  });

  it('drops a take whose save failed, silently', () => {
    const state = go(
      { type: 'choose', steps },
      { type: 'start' },
      { type: 'recordStarted', itemId: 'v', start: 0 },
      { type: 'recordStopped', seconds: 1 },
      { type: 'saveFailed', stepKey: 'a/head/0' },
    );
    expect(state.takes).toEqual({});
    expect(recordingStatus(state)).toBe('not-started');
  });

  it('redoes one step from the finished list and returns there', () => {
    let state = go(
      { type: 'choose', steps },
      { type: 'start' },
      { type: 'recordStarted', itemId: 'voice-1', start: 0 },
      { type: 'recordStopped', seconds: 1 },
      { type: 'saved', stepKey: 'a/head/0', url: '/1.mp3' },
      { type: 'finish' },
      { type: 'redo', stepKey: 'a/head/0' },
    );
    expect(state.screen).toBe('recording');
    expect(currentStep(state)?.key).toBe('a/head/0');
    state = recorderReducer(state, { type: 'recordStarted', itemId: 'voice-1', start: 0 });
    state = recorderReducer(state, { type: 'recordStopped', seconds: 2 });
    expect(state.screen).toBe('finished');
    expect(state.takes['a/head/0']).toMatchObject({ status: 'saving', itemId: 'voice-1', seconds: 2 });
  });
});

describe('silence detection (answering-machine mode)', () => {
  it('measures loudness and shows it on a decibel meter', () => {
    expect(rmsLevel([])).toBe(0);
    expect(rmsLevel([0.5, -0.5, 0.5, -0.5])).toBeCloseTo(0.5);
    expect(meterPercent(1)).toBe(100);
    expect(meterPercent(0.001)).toBe(0);
    expect(meterPercent(0.0316)).toBe(50);
  });

  it('saves after 1 s of silence that follows speech, never before anyone spoke', () => {
    const detector = new SilenceDetector();
    expect(detector.feed(0, 0)).toBe(false);
    expect(detector.feed(0, 2)).toBe(false);
    expect(detector.feed(0.2, 2.1)).toBe(false);
    expect(detector.feed(0.001, 2.2)).toBe(false);
    expect(detector.feed(0.001, 2.9)).toBe(false);
    expect(detector.feed(0.3, 3)).toBe(false);
    expect(detector.feed(0.001, 3.1)).toBe(false);
    expect(detector.feed(0.001, 4.1)).toBe(true);
  });

  it('counts the recogniser hearing words as speech', () => {
    const detector = new SilenceDetector();
    detector.markSpeech();
    expect(detector.feed(0, 0)).toBe(false);
    expect(detector.feed(0, 1)).toBe(true);
    detector.reset();
    expect(detector.feed(0, 5)).toBe(false);
  });
});
