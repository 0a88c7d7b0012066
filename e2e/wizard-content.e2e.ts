import { messages } from '@reelwright/core';
import { type ServerProcess, startServerProcess, waitForCode } from '@reelwright/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startArticleSite, startArticleSources } from './support/article-sources';
import { launchBrowser, screenshot } from './support/browser';
import { pagePost, signUpInPage } from './support/member';
import { wizardDriver } from './support/wizard';

/**
 * The wizard's keyword and content steps in Chromium, as a new visitor would use them (issue 7),
 * with every article source faked on loopback: web search → choose an article → editor; news with
 * no results → the link to blogs; a long paste → the 600-word warning → Fix it; URL import;
 * a listicle; a quiz refused once; the leave prompt; the variation restart.
 */

let server: ServerProcess;
let site: Awaited<ReturnType<typeof startArticleSite>>;
let sources: Awaited<ReturnType<typeof startArticleSources>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  site = await startArticleSite();
  sources = await startArticleSources(site.url);
  server = await startServerProcess(sources.env);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sources?.close();
  await site?.close();
});
afterEach(async () => {
  // Closing skips beforeunload, so the leave prompt never holds a finished test up.
  await context?.close();
  expect(pageErrors).toEqual([]);
});

/** A fresh visitor on the keyword step. */
async function openWizard(address = '/app.html#/wizard') {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${server.url}${address}`);
}

async function shot(name: string) {
  // Scrolled to the top, so the fixed header is not painted over the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(350);
  await screenshot(page, name);
}

const { step, next, expectStep } = wizardDriver(() => page, 5_000);
const keywordInput = () => page.getByTestId('keyword-input');

async function enterKeyword(keyword: string) {
  await keywordInput().fill(keyword);
  await keywordInput().press('Enter');
}

async function chooseSource(source: string) {
  await page.getByTestId(`source-${source}`).click();
}

/** Fires a paste of `text` on the focused keyword field, as the clipboard would. */
async function pasteIntoKeyword(text: string) {
  await keywordInput().focus();
  await keywordInput().evaluate((input, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

const words = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `Word${from + i}`)
    .join(' ')
    .replace(/(\S+ \S+ \S+ \S+ \S+ \S+ \S+ \S+ \S+ \S+ \S+ \S+) /g, '$1. ');

describe('wizard: keyword and content steps', () => {
  it('keyword → web search → choose an article → editor → slides', async () => {
    await openWizard();
    await expectStep('keyword');
    await expect.poll(() => page.getByTestId('example-keywords').getByRole('button').count()).toBe(11);
    await shot('wizard-keyword-empty');

    // A link pasted into the keyword field is held back: "Don't paste" changes nothing.
    await pasteIntoKeyword('https://example.com/some/article');
    await page.getByRole('button', { name: messages.dontPaste }).click();
    expect(await keywordInput().inputValue()).toBe('');

    await enterKeyword('lighthouse');
    // Related keywords arrive 1 s after the last change; clicking one adds it.
    await page.getByRole('button', { name: 'lighthouse keepers' }).click();
    await expect.poll(() => page.getByTestId('related-keywords').textContent()).toContain('lighthouse history');
    await shot('wizard-keyword-related');

    await next();
    await expectStep('content');
    await page.getByTestId('article-list').waitFor();
    expect(await page.getByTestId('article-hit').count()).toBe(3);
    await shot('wizard-content-articles');

    // Next without choosing says what to do.
    await next();
    await page.getByText(messages.selectArticle('ezine')).waitFor();

    // An article whose page is gone: the spec's toast, and the list stays.
    await page.getByTestId('article-hit').filter({ hasText: 'How a lighthouse lens works' }).click();
    await page.getByText(messages.articleFetchFailed('ezine')).waitFor();
    await shot('wizard-content-fetch-failed');

    await page.getByTestId('article-hit').filter({ hasText: 'The Last Lighthouse Keepers' }).first().click();
    await page.getByTestId('article-editor').waitFor();
    expect(await page.getByTestId('article-title').inputValue()).toBe('The Last Lighthouse Keepers');
    expect(await page.getByTestId('article-body').inputValue()).toContain('keeper');
    await shot('wizard-content-editor');

    await next();
    await expectStep('slides');
  });

  it("a visitor's e-mail signs them up on the way, and their keywords are kept", async () => {
    await openWizard();
    const email = `wizard-${Date.now()}@example.com`;
    await enterKeyword('lighthouse');
    await chooseSource('paste');
    await page.getByTestId('visitor-email').fill('not-an-address');
    await next();
    await page.getByText('Enter a valid e-mail address, or leave the field empty.').waitFor();
    await expectStep('keyword');
    await page.getByTestId('visitor-email').fill(email);
    await next();
    await expectStep('content');
    // Signed up: the menu offers the account, and the verification code is on its way.
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await waitForCode(server.dataDir, email);
    await shot('wizard-visitor-signed-up');
    const kept = await pagePost(page)('/api/members/add-keywords', { keyword: 'foghorn' });
    expect((kept.body as { keywords: string[] }).keywords).toEqual(['foghorn', 'lighthouse']);
  });

  it('keyword → news with no results → the link to blogs', async () => {
    await openWizard();
    await enterKeyword('lighthouse');
    await chooseSource('news');
    await next();
    await page.getByText(messages.noArticlesFound('news', 'lighthouse')).waitFor();
    await shot('wizard-content-no-news');
    await page.getByTestId('try-next-source').click();
    await page.getByTestId('article-list').waitFor();
    expect(await page.getByTestId('article-hit').allTextContents()).toEqual([
      expect.stringContaining('A week on the lighthouse trail'),
    ]);
    await shot('wizard-content-blog-articles');
  });

  it('a long paste → editor → over 600 words → Fix it; then shorten', async () => {
    await openWizard();
    await enterKeyword('productivity');
    await chooseSource('paste');
    await next();
    await expectStep('content');
    // Next on an empty box is refused.
    await next();
    await page
      .getByTestId('paste-box')
      .getByText(/paste|text/i)
      .first()
      .waitFor();
    const paragraphs = [words(250, 0), words(250, 250), words(200, 500)];
    await page.getByTestId('paste-text').fill(`Ten habits of productive people\n\n${paragraphs.join('\n\n')}`);
    await shot('wizard-content-paste');
    await next();
    await page.getByTestId('article-editor').waitFor();
    expect(await page.getByTestId('article-title').inputValue()).toBe('Ten habits of productive people');
    await page.getByTestId('word-limit-warning').getByText(messages.wordLimitAdvice).waitFor();
    await expect.poll(() => page.getByTestId('article-word-count').textContent()).toContain('700');
    await shot('wizard-content-over-600');

    await page.getByTestId('word-limit-fix').click();
    await expect.poll(() => page.getByTestId('article-word-count').textContent()).toContain('600');
    expect(await page.getByTestId('word-limit-warning').count()).toBe(0);
    expect((await page.getByTestId('article-body').inputValue()).split(/\s+/).filter(Boolean)).toHaveLength(600);

    // Shorten to about 10 slides keeps 10 whole sentences, in order.
    await page.getByTestId('shorten-open').click();
    await page.getByTestId('shorten-slides').fill('10');
    await shot('wizard-content-shorten');
    await page.getByTestId('shorten-apply').click();
    const short = await page.getByTestId('article-body').inputValue();
    const sentences = short.split(/(?<=\.)\s+/).filter(Boolean);
    expect(sentences).toHaveLength(10);
    const positions = sentences.map((sentence) => Number(/Word(\d+)/.exec(sentence)?.[1]));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('URL import of a page', async () => {
    await openWizard();
    await enterKeyword('bike lanes');
    await chooseSource('url');
    await next();
    await page.getByTestId('url-import').waitFor();
    await page.getByTestId('url-input').fill(`${site.url}/news-wire`);
    await shot('wizard-content-url');
    await page.getByTestId('url-import-button').click();
    await page.getByTestId('article-editor').waitFor();
    expect(await page.getByTestId('article-title').inputValue()).toBe('City council approves new bike lanes downtown');
    expect((await page.getByTestId('article-body').inputValue()).length).toBeGreaterThan(200);
  });

  it('a listicle of 3 items becomes the article', async () => {
    await openWizard();
    await enterKeyword('lighthouse');
    await chooseSource('listicle');
    await next();
    await page.getByTestId('listicle-builder').waitFor();
    await page.getByTestId('listicle-idea').first().waitFor();
    await page.getByTestId('listicle-idea').filter({ hasText: 'top lighthouse facts' }).click();
    const items = [
      ['Bell Rock', 'The oldest surviving sea-washed lighthouse.'],
      ['Eddystone', 'Rebuilt four times since 1698.'],
      ['Pharos of Alexandria', 'One of the Seven Wonders of the Ancient World.'],
    ];
    await page.getByTestId('listicle-add-item').click();
    for (const [index, [name, trivia]] of items.entries()) {
      await page.getByTestId('listicle-item-name').nth(index).fill(name!);
      await page.getByTestId('listicle-item-trivia').nth(index).fill(trivia!);
    }
    await shot('wizard-content-listicle');
    await next();
    await page.getByTestId('article-editor').waitFor();
    const body = await page.getByTestId('article-body').inputValue();
    // A countdown, numbered: the last item comes first.
    expect(body.indexOf('#3')).toBeLessThan(body.indexOf('#2'));
    expect(body.indexOf('Pharos of Alexandria')).toBeLessThan(body.indexOf('Bell Rock'));
    expect(await page.getByTestId('article-title').inputValue()).toMatch(/lighthouse/i);
  });

  it('a quiz of 2 questions, refused once for a missing correct answer', async () => {
    await openWizard();
    await enterKeyword('astronomy');
    await chooseSource('quiz');
    await next();
    await page.getByTestId('quiz-builder').waitFor();
    const questions = page.getByTestId('quiz-question');
    await questions.nth(0).getByTestId('quiz-question-text').fill('Which planet is largest?');
    await questions.nth(0).getByTestId('quiz-option').nth(0).fill('Mars');
    await questions.nth(0).getByTestId('quiz-option').nth(1).fill('Jupiter');
    await questions.nth(1).getByTestId('quiz-question-text').fill('What is the closest star to Earth?');
    await questions.nth(1).getByTestId('quiz-option').nth(0).fill('The Sun');
    await questions.nth(1).getByTestId('quiz-option').nth(1).fill('Sirius');
    await questions.nth(1).getByTestId('quiz-option-correct').nth(0).check();
    await next();
    await page.getByText(messages.quizMissingCorrect('Which planet is largest?')).waitFor();
    await shot('wizard-content-quiz-refused');

    await questions.nth(0).getByTestId('quiz-option-correct').nth(1).check();
    await questions
      .nth(0)
      .getByTestId('quiz-question-explanation')
      .fill('Jupiter is more than twice as massive as all other planets.');
    await next();
    await page.getByTestId('article-editor').waitFor();
    const body = await page.getByTestId('article-body').inputValue();
    expect(body).toContain('Which planet is largest?');
    expect(body).toContain('Jupiter');
    await shot('wizard-content-quiz-article');
  });

  it('asks before leaving with a keyword entered', async () => {
    await openWizard();
    await enterKeyword('lighthouse');
    await page.getByRole('link', { name: 'Pricing' }).last().click();
    await page.getByText(messages.unsavedChanges).waitFor();
    await shot('wizard-leave-prompt');
    await page.getByRole('button', { name: 'Stay' }).click();
    await expectStep('keyword');
    expect(page.url()).toContain('#/wizard/keyword');

    await page.getByRole('link', { name: 'Pricing' }).last().click();
    await page.getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => page.url()).toContain('#/pricing');

    // Closing the tab is held by the browser's own prompt.
    await page.goBack();
    await expectStep('keyword');
    const dialog = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.accept();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await dialog).toBe('beforeunload');
  });

  it('the last step restarts a new variation that prefills the keyword and moves on', {
    timeout: 120_000,
  }, async () => {
    // Publishing (the last step) needs a verified member.
    await openWizard();
    await signUpInPage(page, server, `variation-${Date.now()}@example.com`);
    await page.goto(`${server.url}/app.html#/wizard`);
    await page.reload();
    await page.getByRole('button', { name: 'My videos' }).waitFor();
    await enterKeyword('lighthouse');
    await chooseSource('paste');
    await next();
    await page
      .getByTestId('paste-text')
      .fill('Lighthouses of the world\n\nA lighthouse guides ships at night. Keepers once lived in them.');
    await next();
    await page.getByTestId('article-editor').waitFor();
    await next();
    await expectStep('slides');
    await next();
    await expectStep('customize', 60_000);
    await next();
    await expectStep('publish');
    await page.getByRole('button', { name: 'Create new video variation' }).click();
    await page.getByRole('dialog', { name: 'Create new video variation' }).waitFor();
    await shot('wizard-variation-popup');
    await page.getByTestId('variation-restart').click();

    await expectStep('content');
    expect(new URL(page.url()).searchParams.has('kw')).toBe(false);
    await page.getByTestId('article-list').waitFor();
    await step().getByText('lighthouse', { exact: true }).waitFor();
    await shot('wizard-variation-restarted');
  });
});
