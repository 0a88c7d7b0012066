import { AudioTrimDialog } from '../../../speech/audio-editor/AudioTrimDialog';
import { updateText, useSlides } from '../slide-edits';

/** The line whose narration is edited. */
export type TextAudioTarget = { slideId: string; textId: string };

/**
 * The Edit audio popup for a wizard line (spec 001 §2: 'Save audio'): the builder's editor and
 * cutting, with the trimmed file written to the line's `text.audio`. Loaded lazily, like the
 * builder's, to keep wavesurfer out of the first bundle.
 */
export default function EditTextAudioDialog({ target, onClose }: { target: TextAudioTarget | null; onClose(): void }) {
  const slides = useSlides();
  const audio = target
    ? slides.find((s) => s.id === target.slideId)?.texts.find((t) => t.id === target.textId)?.audio
    : undefined;
  return (
    <AudioTrimDialog
      opened={target !== null}
      url={audio?.url || null}
      missing="This line has no audio any more."
      onClose={onClose}
      onSaved={(trimmed) =>
        target &&
        updateText(target.slideId, target.textId, (text) => {
          text.audio = {
            ...text.audio,
            url: trimmed.url,
            duration: trimmed.duration,
            startTime: undefined,
            endTime: undefined,
          };
        })
      }
      testId="edit-text-audio-dialog"
      saveTestId="edit-text-audio-save"
    />
  );
}
