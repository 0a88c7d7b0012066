/** The wizard's steps, in order (spec 001 §2). */
export const WIZARD_STEPS = [
  { slug: 'keyword', label: 'Keyword', about: 'Choose a keyword and where the content comes from.' },
  { slug: 'content', label: 'Content', about: 'Find, paste or import the article and edit it.' },
  { slug: 'slides', label: 'Slides', about: 'Shape each slide: text, media, voice-over and design.' },
  { slug: 'customize', label: 'Customize', about: 'Add music, contact and social slides.' },
  { slug: 'publish', label: 'Publish', about: 'Download, publish or embed the finished video.' },
] as const;

export type WizardStepSlug = (typeof WIZARD_STEPS)[number]['slug'];

export const FIRST_WIZARD_STEP: WizardStepSlug = 'keyword';

/** The index of a step, or -1 for a path that is no step (it redirects to the keyword step). */
export function wizardStepIndex(slug: string | undefined): number {
  return WIZARD_STEPS.findIndex((step) => step.slug === slug);
}
