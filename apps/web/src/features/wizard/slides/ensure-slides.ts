import { createSlides, PROJECT_NAME_MAX } from '@reelwright/core';
import { abilitiesOf, currentUser } from '../../account/use-user';
import { useProject } from '../../project/project-store';
import { updateWizard } from '../use-wizard';

/**
 * Makes the slides from the article when there are none (spec 001 §4 "Slide creation"). Answers
 * what the author should be told: slides were cut to the member's limit (the free plan's 10), or
 * the free plan's warning (above 5) applies.
 */
export function ensureSlides(): { limited: boolean; warnFree: boolean } {
  const { data, name } = useProject.getState();
  const wizard = data.wizard;
  // A wizard project is named after its article, so saving never stops to ask for a name.
  if (!name.trim() && wizard.title?.trim())
    useProject.setState({ name: wizard.title.trim().slice(0, PROJECT_NAME_MAX) });
  const abilities = abilitiesOf(currentUser());
  const warnAbove = abilities.warnAboveSlides;
  if (wizard.slides.length > 0)
    return { limited: false, warnFree: warnAbove !== null && wizard.slides.length > warnAbove };
  const { slides, limited, warnFree } = createSlides({
    title: wizard.title ?? '',
    body: wizard.body ?? '',
    keyword: wizard.keyword,
    breakText: wizard.breakText,
    abilities,
  });
  updateWizard((draft) => {
    draft.slides = slides;
  });
  return { limited, warnFree };
}

/** 'Recreate all slides': the slides are made again from the article (their edits are lost). */
export function recreateSlides() {
  updateWizard((draft) => {
    draft.slides = [];
  });
  return ensureSlides();
}

/** 'Recreate all audio': every line's narration is dropped, to be made again on Next. */
export function clearAllAudio() {
  updateWizard((draft) => {
    for (const slide of draft.slides)
      for (const text of slide.texts) text.audio = { ...text.audio, url: '', duration: undefined };
  });
}
