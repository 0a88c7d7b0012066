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

/** The help page of a content source (spec 001 §2 wizard chrome). */
export function helpLinkFor(source: string | undefined): string {
  switch (source) {
    case 'listicle':
      return '/docs/listicle-video-maker';
    case 'news':
      return '/docs/create-news-video';
    case 'quiz':
      return '/docs/quiz-video-maker';
    default:
      return '/docs/';
  }
}

export const FAQ_LINK = '/docs/faq';

/** The step the wizard opens at (spec 001 §2): slides for a saved project with frames or made by the API. */
export function openingStepIndex(project: { id: number | null; frames: number; apiFlag: boolean }): number {
  return project.id !== null && (project.frames > 0 || project.apiFlag) ? 2 : 0;
}

/** Whether the address asks for the API's view of a project (`?api=1`, projects made by automation). */
export const apiFlagFromSearch = (search: string) => new URLSearchParams(search).get('api') === '1';

/** The address that restarts the wizard as a new variation of a keyword (spec 001 §2). */
export function variationRestartUrl(keyword: string, variation: number): string {
  const query = new URLSearchParams({ kw: keyword, variation: String(variation) });
  return `/app.html?${query.toString()}#/wizard`;
}

/** `kw` and `variation` from the address: both present means prefill the keyword and advance. */
export function variationFromSearch(search: string): { keyword: string; variation: number } | null {
  const params = new URLSearchParams(search);
  const keyword = params.get('kw')?.trim();
  const variation = Number(params.get('variation'));
  if (!keyword || !params.has('variation') || !Number.isInteger(variation) || variation < 0) return null;
  return { keyword, variation };
}

/** The address without `kw` and `variation`, so a reload does not start the variation again. */
export function withoutVariationParams(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('kw');
  url.searchParams.delete('variation');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The leave prompt shows with a keyword entered, before the last step (spec 001 §4 "Leaving"). */
export const leaveNeedsPrompt = (keyword: string, stepIndex: number) =>
  keyword.trim() !== '' && stepIndex < WIZARD_STEPS.length - 1;
