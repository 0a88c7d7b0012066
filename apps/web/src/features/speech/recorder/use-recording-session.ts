import { notifications } from '@mantine/notifications';
import { messages } from '@reelwright/core';
import { type Dispatch, useCallback, useEffect, useRef, useState } from 'react';
import { useProject } from '../../project/project-store';
import { saveRecording } from '../speech-api';
import { MicSession } from './mic-session';
import { currentStep, type RecorderEvent, type RecorderState, recordingStatus } from './recorder-machine';
import { meterPercent, RECORDER_TICK_MS, SilenceDetector } from './silence';
import { listenForSpeech } from './speech-recognition';
import { addTakeToProject, nextVoiceItemId, type RecordingOrigin, recordingLimit, takeStart } from './take-placement';

export type SessionOptions = {
  /** Record past the slide's end until the author stops. */
  keepRecording: boolean;
  /** Save after 1 s of silence and go on to the next sentence (spec 002 §4). */
  answeringMachine: boolean;
  /** Where the builder's playhead stood when the popup opened, if it did. */
  origin: RecordingOrigin | null;
};

/** What the recording screen shows, refreshed every 250 ms (spec 002 §9). */
export type Readout = { elapsed: number; meter: number; level: number; limit: number; heard: string };

type ActiveTake = {
  stepKey: string;
  frameId: string;
  itemId: string;
  start: number;
  sentence: string | null;
  startedAt: number;
  limit: number;
  stopListening: () => void;
};

const EMPTY_READOUT: Readout = { elapsed: 0, meter: 0, level: 0, limit: 0, heard: '' };

/** Pause before answering-machine mode starts the next sentence, so the author can draw breath. */
const NEXT_TAKE_DELAY_MS = 600;

/**
 * The recorder's imperative shell: opens the microphone, records takes, ticks the readout,
 * stops at the slide's end or after silence, and saves each take (save-mp3, then an audio item
 * through `updateProject`). Decisions come from the pure modules beside it.
 */
export function useRecordingSession(state: RecorderState, dispatch: Dispatch<RecorderEvent>, options: SessionOptions) {
  const mic = useRef<MicSession | null>(null);
  const take = useRef<ActiveTake | null>(null);
  const detector = useRef(new SilenceDetector());
  const latest = useRef({ state, options });
  latest.current = { state, options };
  const nextTake = useRef<number | undefined>(undefined);
  const startRef = useRef<() => void>(() => {});
  const [readout, setReadout] = useState<Readout>(EMPTY_READOUT);

  const deviceFailed = useCallback(
    (detail: string) => {
      notifications.show({ color: 'red', message: messages.recordingDeviceError(detail) });
      const active = take.current;
      if (active) {
        active.stopListening();
        take.current = null;
        mic.current?.discardTake();
        dispatch({ type: 'recordDiscarded' });
      }
    },
    [dispatch],
  );

  /** Opens the chosen input; false (after the error toast) when it cannot be used. */
  const openMic = useCallback(
    async (deviceId: string | null) => {
      mic.current?.close();
      mic.current = null;
      try {
        mic.current = await MicSession.open(deviceId, deviceFailed);
        return true;
      } catch (error) {
        notifications.show({
          color: 'red',
          message: messages.recordingDeviceError((error as Error).message || String(error)),
        });
        return false;
      }
    },
    [deviceFailed],
  );

  const stopTake = useCallback(async () => {
    const active = take.current;
    const session = mic.current;
    if (!active || !session) return;
    take.current = null;
    active.stopListening();
    const seconds = (performance.now() - active.startedAt) / 1000;
    const { state: before, options: now } = latest.current;
    dispatch({ type: 'recordStopped', seconds });
    // Answering-machine mode goes straight on to the next sentence (startTake reads the new state).
    if (now.answeringMachine && !before.redoing && before.index + 1 < before.steps.length) {
      nextTake.current = window.setTimeout(() => startRef.current(), NEXT_TAKE_DELAY_MS);
    }
    const audio = await session.stopTake();
    try {
      const saved = await saveRecording(audio);
      useProject.getState().updateProject(
        addTakeToProject({
          frameId: active.frameId,
          itemId: active.itemId,
          start: active.start,
          url: saved.url,
          duration: saved.duration > 0 ? saved.duration : seconds,
          sentence: active.sentence,
        }),
      );
      dispatch({ type: 'saved', stepKey: active.stepKey, url: saved.url });
    } catch (error) {
      // spec 002 §8: a failed save clears the saving state silently; the finished list offers a redo.
      console.warn('The recording was not saved.', error);
      dispatch({ type: 'saveFailed', stepKey: active.stepKey });
    }
  }, [dispatch]);

  const startTake = useCallback(() => {
    window.clearTimeout(nextTake.current);
    const { state: now } = latest.current;
    const step = currentStep(now);
    const session = mic.current;
    if (now.screen !== 'recording' || !step || !session || take.current || recordingStatus(now) === 'recording') return;
    const frame = useProject.getState().data.video.frames.find((f) => f.id === step.frameId);
    if (!frame) {
      dispatch({ type: 'skip' });
      return;
    }
    const previousStep = now.steps[now.index - 1];
    const previous = previousStep ? now.takes[previousStep.key] : undefined;
    const placed = previous ? { frameId: previousStep!.frameId, ...previous } : null;
    const start = takeStart(step, placed, latest.current.options.origin);
    const pending = new Set(
      Object.values(now.takes)
        .filter((t) => t.status !== 'saved')
        .map((t) => t.itemId),
    );
    const itemId = now.takes[step.key]?.itemId ?? nextVoiceItemId(frame, pending);
    try {
      session.startTake();
    } catch (error) {
      deviceFailed((error as Error).message || String(error));
      return;
    }
    detector.current.reset();
    const stopListening = latest.current.options.answeringMachine
      ? listenForSpeech((heard) => {
          detector.current.markSpeech();
          setReadout((r) => ({ ...r, heard }));
        })
      : () => {};
    take.current = {
      stepKey: step.key,
      frameId: step.frameId,
      itemId,
      start,
      sentence: step.sentence,
      startedAt: performance.now(),
      limit: recordingLimit(frame, start),
      stopListening,
    };
    setReadout({ ...EMPTY_READOUT, limit: take.current.limit });
    dispatch({ type: 'recordStarted', itemId, start });
  }, [dispatch, deviceFailed]);

  startRef.current = startTake;

  const discardTake = useCallback(() => {
    window.clearTimeout(nextTake.current);
    const active = take.current;
    if (!active) return;
    active.stopListening();
    take.current = null;
    mic.current?.discardTake();
    dispatch({ type: 'recordDiscarded' });
  }, [dispatch]);

  const status = recordingStatus(state);
  // The readout, the auto-stop at the slide's end and the answering machine's silence check.
  useEffect(() => {
    if (status !== 'recording') return;
    const timer = window.setInterval(() => {
      const active = take.current;
      const session = mic.current;
      if (!active || !session) return;
      const elapsed = (performance.now() - active.startedAt) / 1000;
      const level = session.level();
      setReadout((r) => ({ ...r, elapsed, level, meter: meterPercent(level), limit: active.limit }));
      const { options: now } = latest.current;
      const silent = now.answeringMachine && detector.current.feed(level, elapsed);
      if ((!now.keepRecording && elapsed >= active.limit) || silent) void stopTake();
    }, RECORDER_TICK_MS);
    return () => window.clearInterval(timer);
  }, [status, stopTake]);

  // The microphone is released when the popup goes.
  useEffect(
    () => () => {
      window.clearTimeout(nextTake.current);
      take.current?.stopListening();
      take.current = null;
      mic.current?.close();
      mic.current = null;
    },
    [],
  );

  const closeMic = useCallback(() => {
    discardTake();
    mic.current?.close();
    mic.current = null;
  }, [discardTake]);

  return { readout, openMic, startTake, stopTake, discardTake, closeMic };
}
