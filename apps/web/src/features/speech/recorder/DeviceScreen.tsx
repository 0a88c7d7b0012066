import { Alert, Button, Group, Select, Stack, Switch, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages } from '@reelwright/core';
import { IconMicrophone } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { type AudioInput, listAudioInputs } from './mic-session';
import { canRecogniseSpeech } from './speech-recognition';

type Props = {
  deviceId: string | null;
  onDevice(deviceId: string | null): void;
  keepRecording: boolean;
  onKeepRecording(on: boolean): void;
  answeringMachine: boolean;
  onAnsweringMachine(on: boolean): void;
  onBack(): void;
  /** Opens the device; resolves false when it failed (the toast is shown by then). */
  onStart(): Promise<boolean>;
};

/** Step 2 (spec 002 §4): choose an input device and start. */
export function DeviceScreen(props: Props) {
  const { deviceId, onDevice } = props;
  const [inputs, setInputs] = useState<AudioInput[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [starting, setStarting] = useState(false);
  const recognition = canRecogniseSpeech();
  const chosen = useRef({ deviceId, onDevice });
  chosen.current = { deviceId, onDevice };

  // Listed once per visit of this step (listing asks for microphone access).
  useEffect(() => {
    let active = true;
    listAudioInputs()
      .then((list) => {
        if (!active) return;
        setInputs(list);
        if (list.length === 0) throw new Error('no audio input');
        const { deviceId: current, onDevice: choose } = chosen.current;
        if (!list.some((input) => input.deviceId === current)) choose(list[0]?.deviceId ?? null);
      })
      .catch(() => {
        if (!active) return;
        setFailed(true);
        notifications.show({ color: 'red', message: messages.noAudioDevices });
      });
    return () => {
      active = false;
    };
  }, []);

  const start = async () => {
    setStarting(true);
    const ok = await props.onStart();
    if (!ok) setStarting(false);
  };

  return (
    <Stack>
      {failed && (
        <Alert color="red" variant="light">
          {messages.noAudioDevices}. Allow this page to use the microphone and check that one is plugged in.
        </Alert>
      )}
      <Select
        label="Input device"
        leftSection={<IconMicrophone size={16} />}
        data={(inputs ?? []).map((input) => ({ value: input.deviceId, label: input.label }))}
        value={deviceId}
        onChange={onDevice}
        placeholder={inputs === null && !failed ? 'Looking for microphones…' : 'Choose a microphone'}
        allowDeselect={false}
        disabled={failed}
      />
      <Switch
        label="keep recording until stopped"
        description="Otherwise each recording stops by itself at the end of its slide."
        checked={props.keepRecording}
        onChange={(event) => props.onKeepRecording(event.currentTarget.checked)}
      />
      <Tooltip label="Needs a browser with speech recognition, such as Chrome" disabled={recognition}>
        <div>
          <Switch
            label="Answering machine mode"
            description="Saves after 1 second of silence and goes on to the next sentence, hands free."
            checked={props.answeringMachine && recognition}
            disabled={!recognition}
            onChange={(event) => props.onAnsweringMachine(event.currentTarget.checked)}
          />
        </div>
      </Tooltip>
      <Group justify="space-between">
        <Button variant="default" onClick={props.onBack}>
          Back
        </Button>
        <Button
          color="red"
          leftSection={<IconMicrophone size={16} />}
          onClick={() => void start()}
          loading={starting}
          disabled={failed || !deviceId}
        >
          Start
        </Button>
      </Group>
    </Stack>
  );
}
