import { copyDesignToOthers, type Slide, type SlideText } from '@reelwright/core';
import { useProject } from '../../project/project-store';
import { updateWizard } from '../use-wizard';

/** The open project's wizard slides. */
export const useSlides = (): Slide[] => useProject((s) => s.data.wizard.slides);

/** Edits one slide's content (texts, media, audio); other slides are untouched. */
export function updateSlide(slideId: string, mutate: (slide: Slide) => void) {
  updateWizard((wizard) => {
    const slide = wizard.slides.find((s) => s.id === slideId);
    if (slide) mutate(slide);
  });
}

/** Edits one text line of a slide. */
export function updateText(slideId: string, textId: string, mutate: (text: SlideText) => void) {
  updateSlide(slideId, (slide) => {
    const text = slide.texts.find((t) => t.id === textId);
    if (text) mutate(text);
  });
}

/**
 * Edits a slide's design (style, settings: preset, layout, effect, colours, voice) and copies it
 * to every other slide not marked unique (spec 001 §4 "Changing the active slide's design copies
 * it to all other slides not marked unique").
 */
export function updateDesign(slideId: string, mutate: (slide: Slide) => void) {
  updateWizard((wizard) => {
    const slide = wizard.slides.find((s) => s.id === slideId);
    if (!slide) return;
    const voices = new Map(wizard.slides.map((s) => [s.id, voiceOf(s)]));
    mutate(slide);
    wizard.slides = copyDesignToOthers(wizard.slides, slideId).map((s) =>
      voices.get(s.id) === voiceOf(s) ? s : withoutSpeech(s),
    );
  });
}

const voiceOf = (slide: Slide) => `${slide.settings.engine}|${slide.settings.voiceId}|${slide.settings.lang}`;

/** A slide whose voice changed: its text-to-speech narration no longer matches and is made again on Next. */
function withoutSpeech(slide: Slide): Slide {
  return {
    ...slide,
    texts: slide.texts.map((text) =>
      text.audio.type === 'tts' && text.audio.url
        ? { ...text, audio: { ...text.audio, url: '', duration: undefined } }
        : text,
    ),
  };
}
