import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { type AudioRegion, isTrimmed } from './region-rules';
import { saveTrimmedAudio, type TrimmedAudio } from './trim';

/**
 * The audio editor's session shared by the Edit audio popup and the standalone route: the
 * selection, the decoded sound, and 'Save audio', which keeps only the selection as a new MP3
 * (through save-mp3) and hands it to `onSaved`. `done` runs after a save, or when nothing was cut.
 */
export function useTrimSession(onSaved: (trimmed: TrimmedAudio) => void, done: () => void) {
  const [region, setRegion] = useState<AudioRegion | null>(null);
  const [duration, setDuration] = useState(0);
  const [saving, setSaving] = useState(false);
  const decoded = useRef<AudioBuffer | null>(null);

  const save = async () => {
    if (!region) return;
    if (!decoded.current || !isTrimmed(region, duration)) {
      done();
      return;
    }
    setSaving(true);
    try {
      onSaved(await saveTrimmedAudio(decoded.current, region));
      notifications.show({ color: 'green', message: 'Audio saved' });
      done();
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setSaving(false);
    }
  };
  const onDecoded = (buffer: AudioBuffer) => {
    decoded.current = buffer;
    setDuration(buffer.duration);
  };
  const reset = () => {
    setRegion(null);
    decoded.current = null;
  };
  return { region, setRegion, onDecoded, saving, save, reset };
}
