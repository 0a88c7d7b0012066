import { buildVideo, mergeBuiltFrames } from '@reelwright/core';
import { currentUser, isFreePlan } from '../../account/use-user';
import { useProject } from '../../project/project-store';
import { movieAudioFor, readMusic } from '../customize/music';
import { readWatermark, watermarkFor } from '../customize/watermark';

/**
 * Rebuilds the project's video from the wizard (spec 001 §4, the last part of leaving the slides
 * step, and again before publishing): frames and size from `buildVideo`, the watermark (the
 * product's on free plans, else the member's own) and the customize step's music. Free plans get
 * at most 15 slides. The new frames replace only those the builder never touched; frames it
 * edited or added stay (`mergeBuiltFrames`, D38).
 */
export function finalizeVideo() {
  const isFree = isFreePlan(currentUser());
  useProject.getState().updateProject((draft) => {
    const built = buildVideo(draft.wizard, { isFree });
    draft.video.frames = mergeBuiltFrames(draft.video.frames, built.frames);
    draft.video.size = built.size;
    draft.video.watermark = watermarkFor(isFree, readWatermark(draft.wizard.watermark));
    draft.video.audio = movieAudioFor(readMusic(draft.wizard.music));
  });
}
