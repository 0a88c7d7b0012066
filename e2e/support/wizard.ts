import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Drives the wizard's frame on the page `page()` returns (suites may open a new page per test):
 * Next, the step showing, the slide cards, and the way from a keyword to the article editor.
 */
export function wizardDriver(page: () => Page, stepTimeout = 30_000) {
  const step = () => page().getByTestId('wizard-step');
  const next = () => page().getByTestId('wizard-next').click();
  return {
    step,
    next,
    cards: () => page().getByTestId('slide-card'),
    /** Waits until the wizard shows step `slug`. */
    async expectStep(slug: string, timeout = stepTimeout) {
      await expect.poll(() => step().getAttribute('data-step'), { timeout }).toBe(slug);
    },
    /** From the keyword step: the keyword, the paste source and `article` pasted, up to the editor. */
    async pasteArticle(keyword: string, article: string) {
      await page().getByTestId('keyword-input').fill(keyword);
      await page().getByTestId('keyword-input').press('Enter');
      await page().getByTestId('source-paste').click();
      await next();
      await page().getByTestId('paste-text').fill(article);
      await next();
      await page().getByTestId('article-editor').waitFor();
    },
  };
}
