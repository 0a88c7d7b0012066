import { buildVideo, mergeBuiltFrames } from '@reelwright/core';
import { abilitiesOf, currentUser } from '../../account/use-user';
import { useProject } from '../../project/project-store';
import { applyWizardCaptions } from '../customize/captions';
import { movieAudioFor, readMusic } from '../customize/music';
import { readWatermark, watermarkFor } from '../customize/watermark';

/**
 * Rebuilds the project's video from the wizard (spec 001 §4, the last part of leaving the slides
 * step, and again before publishing): frames and size from `buildVideo`, the watermark (the
 * product's when the member's abilities force it, as on free plans, else the member's own) and
 * the customize step's music and captions, with at most the slides the abilities allow (15 on free plans). The new frames replace only those the builder never touched; frames it
 * edited or added stay (`mergeBuiltFrames`, D38).
 */
export function finalizeVideo() {
  const abilities = abilitiesOf(currentUser());
  useProject.getState().updateProject((draft) => {
    const built = buildVideo(draft.wizard, { abilities });
    draft.video.frames = mergeBuiltFrames(draft.video.frames, built.frames);
    draft.video.size = built.size;
    draft.video.watermark = watermarkFor(abilities.watermarkForced, readWatermark(draft.wizard.watermark));
    draft.video.audio = movieAudioFor(readMusic(draft.wizard.music));
    applyWizardCaptions(draft.video, draft.wizard.captions);
  });
}
