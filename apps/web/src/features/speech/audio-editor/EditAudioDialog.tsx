import { useProject } from '../../project/project-store';
import { AudioTrimDialog } from './AudioTrimDialog';
import { useEditAudio } from './edit-audio-store';
import { applyTrim } from './trim';

export { EDIT_AUDIO_TITLE } from './AudioTrimDialog';

/**
 * The builder's Edit audio popup (spec 002 §2) on one audio item of a frame: the trimmed MP3
 * replaces the item's sound. Mounted lazily by the builder, so wavesurfer.js loads only when an
 * audio is edited.
 */
export default function EditAudioDialog() {
  const { target, close } = useEditAudio();
  const item = useProject((state) => {
    if (!target) return null;
    const found = state.data.video.frames
      .find((f) => f.id === target.frameId)
      ?.items.find((i) => i.id === target.itemId);
    return found?.type === 'audio' ? found : null;
  });
  return (
    <AudioTrimDialog
      opened={target !== null}
      url={item?.url ?? null}
      missing="This audio item is no longer in the project."
      onClose={close}
      onSaved={(trimmed) => target && useProject.getState().updateProject(applyTrim(target, trimmed))}
    />
  );
}
