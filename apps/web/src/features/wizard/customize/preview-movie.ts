import { type Abilities, buildVideo, type Movie, MovieSchema, type Wizard } from '@reelwright/core';
import { applyWizardCaptions } from './captions';
import { movieAudioFor, readMusic } from './music';
import { previewSlides } from './preview-slides';
import { readSocial } from './social';
import { readWatermark, watermarkFor } from './watermark';

/**
 * The movie the customize step previews: the shown slides (see {@link previewSlides}) with the
 * contact slides, the music, the watermark and the captions, as the video will have them.
 */
export function buildPreviewMovie(
  wizard: Wizard,
  options: { abilities: Pick<Abilities, 'maxVideoSlides' | 'watermarkForced'>; showAll: boolean },
): Movie {
  const { shown } = previewSlides(wizard.slides, options);
  const social = readSocial(wizard.social);
  const video = buildVideo({ slides: shown, social }, { abilities: options.abilities, social });
  const movie = MovieSchema.parse({
    ...video,
    audio: movieAudioFor(readMusic(wizard.music)),
    watermark: watermarkFor(options.abilities.watermarkForced, readWatermark(wizard.watermark)),
  });
  applyWizardCaptions(movie, wizard.captions);
  return movie;
}
