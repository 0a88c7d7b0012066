import { describe, expect, it } from 'vitest';
import {
  helpLinkFor,
  leaveNeedsPrompt,
  openingStepIndex,
  variationFromSearch,
  variationRestartUrl,
  WIZARD_STEPS,
  withoutVariationParams,
  wizardStepIndex,
} from './wizard-steps';

describe('wizard steps', () => {
  it('lists the five steps in the spec order', () => {
    expect(WIZARD_STEPS.map((s) => s.slug)).toEqual(['keyword', 'content', 'slides', 'customize', 'publish']);
  });

  it('finds a step or answers -1', () => {
    expect(wizardStepIndex('slides')).toBe(2);
    expect(wizardStepIndex('nope')).toBe(-1);
    expect(wizardStepIndex(undefined)).toBe(-1);
  });

  it('links the help page of the source', () => {
    expect(helpLinkFor('listicle')).toBe('/docs/listicle-video-maker');
    expect(helpLinkFor('news')).toBe('/docs/create-news-video');
    expect(helpLinkFor('quiz')).toBe('/docs/quiz-video-maker');
    expect(helpLinkFor('ezine')).toBe('/docs/');
    expect(helpLinkFor(undefined)).toBe('/docs/');
  });

  it('opens at the slides step only for a saved project with frames or made by the API', () => {
    expect(openingStepIndex({ id: null, frames: 3, apiFlag: true })).toBe(0);
    expect(openingStepIndex({ id: 7, frames: 0, apiFlag: false })).toBe(0);
    expect(openingStepIndex({ id: 7, frames: 2, apiFlag: false })).toBe(2);
    expect(openingStepIndex({ id: 7, frames: 0, apiFlag: true })).toBe(2);
  });

  it('restarts a variation at /app.html with kw and variation, then #/wizard', () => {
    const url = variationRestartUrl('coffee, tea & milk', 2);
    expect(url).toBe('/app.html?kw=coffee%2C+tea+%26+milk&variation=2#/wizard');
    expect(variationFromSearch(url.slice(url.indexOf('?'), url.indexOf('#')))).toEqual({
      keyword: 'coffee, tea & milk',
      variation: 2,
    });
  });

  it('needs both kw and variation to prefill and advance', () => {
    expect(variationFromSearch('?kw=coffee')).toBeNull();
    expect(variationFromSearch('?variation=1')).toBeNull();
    expect(variationFromSearch('?kw=%20&variation=1')).toBeNull();
    expect(variationFromSearch('?kw=coffee&variation=x')).toBeNull();
    expect(variationFromSearch('?kw=coffee&variation=0')).toEqual({ keyword: 'coffee', variation: 0 });
  });

  it('drops kw and variation from the address, keeping the rest', () => {
    expect(withoutVariationParams('http://h/app.html?kw=a&variation=1&pid=3#/wizard/content')).toBe(
      '/app.html?pid=3#/wizard/content',
    );
  });

  it('prompts on leaving with a keyword, before the last step', () => {
    expect(leaveNeedsPrompt('', 1)).toBe(false);
    expect(leaveNeedsPrompt('coffee', 0)).toBe(true);
    expect(leaveNeedsPrompt('coffee', 3)).toBe(true);
    expect(leaveNeedsPrompt('coffee', 4)).toBe(false);
  });
});
