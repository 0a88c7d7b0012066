import type { Seconds } from '@reelwright/core';
import type { RecordingStep } from './recording-plan';

/** The popup's screens (spec 002 §4): choice → device → recording → finished. */
export type RecorderScreen = 'choice' | 'device' | 'recording' | 'finished';

/** The recording state of spec 002 §4 for the step on screen. */
export type RecordingStatus = 'not-started' | 'recording' | 'saving';

/** A take of one step: being recorded, on its way to the server, or saved as an audio item. */
export type Take = {
  stepKey: string;
  status: 'recording' | 'saving' | 'saved';
  /** The audio item it becomes (a redo reuses the id of the take it replaces). */
  itemId: string;
  /** Seconds into the slide. */
  start: Seconds;
  /** Seconds recorded, as timed in the browser (the server's measure arrives with the url). */
  seconds: Seconds;
  url?: string;
};

export type RecorderState = {
  screen: RecorderScreen;
  steps: RecordingStep[];
  /** The step on the recording screen. */
  index: number;
  /** Takes by step key. A take that failed to save is removed (spec 002 §8: silently). */
  takes: Record<string, Take>;
  /** Set while one step is recorded again from the finished list: stopping goes back there. */
  redoing: boolean;
};

export type RecorderEvent =
  | { type: 'reset' }
  | { type: 'choose'; steps: RecordingStep[] }
  | { type: 'back' }
  | { type: 'start' }
  | { type: 'recordStarted'; itemId: string; start: Seconds }
  | { type: 'recordStopped'; seconds: Seconds }
  | { type: 'recordDiscarded' }
  | { type: 'saved'; stepKey: string; url: string }
  | { type: 'saveFailed'; stepKey: string }
  | { type: 'skip' }
  | { type: 'previous' }
  | { type: 'redo'; stepKey: string }
  | { type: 'finish' };

export const initialRecorderState: RecorderState = { screen: 'choice', steps: [], index: 0, takes: {}, redoing: false };

/** The step on the recording screen, if any. */
export const currentStep = (state: RecorderState): RecordingStep | undefined => state.steps[state.index];

/** The recording state of the step on screen: recording, saving (any take still uploading) or not started. */
export function recordingStatus(state: RecorderState): RecordingStatus {
  const step = currentStep(state);
  if (step && state.takes[step.key]?.status === 'recording') return 'recording';
  return Object.values(state.takes).some((take) => take.status === 'saving') ? 'saving' : 'not-started';
}

/** How many takes are still being saved (the finished screen's waiting warning). */
export const savingCount = (state: RecorderState): number =>
  Object.values(state.takes).filter((take) => take.status === 'saving').length;

const isRecording = (state: RecorderState) => recordingStatus(state) === 'recording';

/** After a step is done: the next step, or the finished list (always, after a redo). */
function advance(state: RecorderState): RecorderState {
  const index = state.index + 1;
  if (state.redoing || index >= state.steps.length) return { ...state, screen: 'finished', redoing: false };
  return { ...state, index };
}

/**
 * The voice recorder's step machine, pure: the popup dispatches what happened (the author's
 * choices, the recorder starting and stopping, the server's answers) and renders the result.
 * Events that make no sense in the current state leave it as it is.
 */
export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case 'reset':
      return initialRecorderState;
    case 'choose':
      return event.steps.length === 0 ? state : { ...initialRecorderState, screen: 'device', steps: event.steps };
    case 'back':
      return state.screen === 'device' ? { ...state, screen: 'choice' } : state;
    case 'start':
      return state.screen === 'device' ? { ...state, screen: 'recording', index: 0 } : state;
    case 'recordStarted': {
      const step = currentStep(state);
      if (state.screen !== 'recording' || !step || isRecording(state)) return state;
      const take: Take = {
        stepKey: step.key,
        status: 'recording',
        itemId: event.itemId,
        start: event.start,
        seconds: 0,
      };
      return { ...state, takes: { ...state.takes, [step.key]: take } };
    }
    case 'recordStopped': {
      const step = currentStep(state);
      const take = step && state.takes[step.key];
      if (!step || take?.status !== 'recording') return state;
      const saving: Take = { ...take, status: 'saving', seconds: event.seconds };
      return advance({ ...state, takes: { ...state.takes, [step.key]: saving } });
    }
    case 'recordDiscarded': {
      const step = currentStep(state);
      if (!step || state.takes[step.key]?.status !== 'recording') return state;
      const { [step.key]: _dropped, ...takes } = state.takes;
      return { ...state, takes };
    }
    case 'saved': {
      const take = state.takes[event.stepKey];
      if (take?.status !== 'saving') return state;
      return { ...state, takes: { ...state.takes, [event.stepKey]: { ...take, status: 'saved', url: event.url } } };
    }
    case 'saveFailed': {
      if (state.takes[event.stepKey]?.status !== 'saving') return state;
      const { [event.stepKey]: _failed, ...takes } = state.takes;
      return { ...state, takes };
    }
    case 'skip':
      return state.screen === 'recording' && !isRecording(state) ? advance(state) : state;
    case 'previous':
      return state.screen === 'recording' && !isRecording(state) && !state.redoing && state.index > 0
        ? { ...state, index: state.index - 1 }
        : state;
    case 'redo': {
      const index = state.steps.findIndex((step) => step.key === event.stepKey);
      if (state.screen !== 'finished' || index < 0 || state.takes[event.stepKey]?.status === 'saving') return state;
      return { ...state, screen: 'recording', index, redoing: true };
    }
    case 'finish':
      return state.screen === 'recording' && !isRecording(state)
        ? { ...state, screen: 'finished', redoing: false }
        : state;
  }
}
