import { Modal } from '@mantine/core';
import { useEffect, useReducer, useState } from 'react';
import { useProject } from '../../project/project-store';
import { ChoiceScreen } from './ChoiceScreen';
import { DeviceScreen } from './DeviceScreen';
import { FinishedScreen } from './FinishedScreen';
import { RecordingScreen } from './RecordingScreen';
import { currentStep, initialRecorderState, recorderReducer } from './recorder-machine';
import { useRecorderDialog } from './recorder-store';
import type { RecordScope } from './recording-plan';
import { canRecogniseSpeech } from './speech-recognition';
import { useRecordingSession } from './use-recording-session';

export const RECORDER_TITLE = 'Easy Voice Recorder';

/**
 * The voice recorder popup (spec 002 §4): choose slides, choose a device, read the slides one
 * sentence at a time (each take becomes a voice-over audio item of its slide), then review the
 * takes with Redo. Mounted lazily by the builder; closing it releases the microphone.
 */
export default function VoiceRecorderDialog() {
  const { opened, frameId, origin, close } = useRecorderDialog();
  const frames = useProject((state) => state.data.video.frames);
  const [state, dispatch] = useReducer(recorderReducer, initialRecorderState);
  const [scope, setScope] = useState<RecordScope>('current');
  const [skipWithAudio, setSkipWithAudio] = useState(false);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [keepRecording, setKeepRecording] = useState(false);
  const [answeringMachine, setAnsweringMachine] = useState(false);
  const options = { keepRecording, answeringMachine: answeringMachine && canRecogniseSpeech(), origin };
  const session = useRecordingSession(state, dispatch, options);
  const { closeMic } = session;

  // Each opening starts at step 1; the microphone goes with the popup (takes being saved still land).
  useEffect(() => {
    if (!opened) return;
    dispatch({ type: 'reset' });
    return closeMic;
  }, [opened, closeMic]);

  const step = currentStep(state);
  const { screen } = state;

  return (
    <Modal opened={opened} onClose={close} title={RECORDER_TITLE} size="lg" centered closeOnClickOutside={false}>
      {screen === 'choice' && (
        <ChoiceScreen
          frames={frames}
          currentFrameId={frameId}
          scope={scope}
          onScope={setScope}
          skipWithAudio={skipWithAudio}
          onSkipWithAudio={setSkipWithAudio}
          onNext={(steps) => dispatch({ type: 'choose', steps })}
        />
      )}
      {screen === 'device' && (
        <DeviceScreen
          deviceId={deviceId}
          onDevice={setDeviceId}
          keepRecording={keepRecording}
          onKeepRecording={setKeepRecording}
          answeringMachine={answeringMachine}
          onAnsweringMachine={setAnsweringMachine}
          onBack={() => dispatch({ type: 'back' })}
          onStart={async () => {
            const ok = await session.openMic(deviceId);
            if (ok) dispatch({ type: 'start' });
            return ok;
          }}
        />
      )}
      {screen === 'recording' && step && (
        <RecordingScreen
          state={state}
          step={step}
          readout={session.readout}
          options={options}
          onRecord={session.startTake}
          onStop={() => void session.stopTake()}
          onPrevious={() => dispatch({ type: 'previous' })}
          onSkip={() => dispatch({ type: 'skip' })}
          onFinish={() => dispatch({ type: 'finish' })}
        />
      )}
      {screen === 'finished' && (
        <FinishedScreen state={state} onRedo={(stepKey) => dispatch({ type: 'redo', stepKey })} onDone={close} />
      )}
    </Modal>
  );
}
