import { buildVideo, mergeBuiltFrames } from '@reelwright/core';
import { abilitiesOf, currentUser } from '../../account/use-user';
import { useProject } from '../../project/project-store';
import { applyWizardCaptions } from '../customize/captions';
import { movieAudioFor, readMusic } from '../customize/music';
import { readWatermark, watermarkFor } from '../customize/watermark';
import { mergeWizardSettings } from './movie-settings';

/**
 * Rebuilds the project's video from the wizard (spec 001 §4, the last part of leaving the slides
 * step, and again before publishing): frames from `buildVideo` for the video's own size (the
 * wizard has no size of its own; the builder's Resize stays), the watermark (the product's when
 * the member's abilities force it, as on free plans, else the member's own) and the customize
 * step's music and captions, with at most the slides the abilities allow (15 on free plans). The
 * new frames replace only those the builder never touched; frames it edited or added stay
 * (`mergeBuiltFrames`, D38); music, watermark and captions the builder changed stay unless the
 * wizard's own choice changed since (`mergeWizardSettings`, D92).
 */
export function finalizeVideo() {
  const abilities = abilitiesOf(currentUser());
  useProject.getState().updateProject((draft) => {
    const built = buildVideo(draft.wizard, { abilities, stage: draft.video.size });
    draft.video.frames = mergeBuiltFrames(draft.video.frames, built.frames);
    const wanted = {
      audio: movieAudioFor(readMusic(draft.wizard.music)),
      watermark: watermarkFor(abilities.watermarkForced, readWatermark(draft.wizard.watermark)),
      captions: draft.video.captions,
    };
    applyWizardCaptions(wanted, draft.wizard.captions);
    const force = abilities.watermarkForced ? (['watermark'] as const) : [];
    const merged = mergeWizardSettings(draft.video, wanted, draft.wizard.applied, force);
    draft.video.audio = merged.settings.audio;
    draft.video.watermark = merged.settings.watermark;
    if (merged.settings.captions) draft.video.captions = merged.settings.captions;
    else delete draft.video.captions;
    draft.wizard.applied = merged.applied;
  });
}
