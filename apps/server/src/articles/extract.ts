import { Readability } from '@mozilla/readability';
import type { Article } from '@reelwright/core';
import { MIN_ARTICLE_BODY_CHARS, messages } from '@reelwright/core';
import { parseHTML } from 'linkedom';
import { AppError } from '../errors';
import { type FetchPolicy, FetchRefusedError, guardedFetch } from '../net/guarded-fetch';
import type { ArticleType } from '../providers/articles/types';

/** Spec 001 §6: a fetched body must be longer than this, else the fetch counts as failed. */
export const MIN_BODY_CHARACTERS = MIN_ARTICLE_BODY_CHARS;
/** Spec 001 §6: tries before giving up. */
export const FETCH_ATTEMPTS = 3;
/** The whole import, every attempt included: a member waits no longer than this for an answer. */
export const IMPORT_BUDGET_MS = 15_000;
/** An attempt with less time left than this is not started. */
const MIN_ATTEMPT_MS = 1_000;
const MAX_PAGE_BYTES = 5 * 1024 * 1024;
const BLOCKS = 'p, h2, h3, h4, h5, h6, li, blockquote, pre';

/** Spec 001 §8's message; without a type it is the URL-import variant. */
export function articleFetchFailed(type: ArticleType | undefined): AppError {
  return new AppError(422, 'article_fetch_failed', messages.articleFetchFailed(type));
}

export type FetchArticleOptions = {
  url: string;
  type?: ArticleType;
  policy: FetchPolicy;
  log?: (message: string) => void;
  /** Between attempts; tests make it 0. */
  retryDelayMs?: number;
  /** The time the whole import may take (IMPORT_BUDGET_MS); tests make it short. */
  budgetMs?: number;
};

/**
 * Fetches a page through the guarded client and extracts the article with Readability, up to
 * `FETCH_ATTEMPTS` times while the body is too short or the failure may pass (time-out, 5xx,
 * network), all within one time budget. A refused address, a 4xx or a page that is not HTML is
 * not retried. Every failure is the spec's one message (which suggests pasting the text); the
 * reason goes to the log.
 */
export async function fetchArticle(options: FetchArticleOptions): Promise<Article> {
  const { url, type, log = () => {} } = options;
  const deadline = Date.now() + (options.budgetMs ?? IMPORT_BUDGET_MS);
  for (let attempt = 1; attempt <= FETCH_ATTEMPTS; attempt++) {
    let retry = true;
    const timeLeft = deadline - Date.now();
    if (timeLeft < MIN_ATTEMPT_MS) {
      log(`article fetch of ${url} stopped: its time budget is spent`);
      break;
    }
    try {
      const response = await guardedFetch(
        url,
        {
          timeoutMs: timeLeft,
          maxBytes: MAX_PAGE_BYTES,
          accept: ['text/html', 'application/xhtml+xml'],
          headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
        },
        options.policy,
      );
      if (response.status >= 400) {
        retry = response.status >= 500 || response.status === 408 || response.status === 429;
        throw new Error(`${url} answered ${response.status}`);
      }
      const html = decodeHtml(response.body, response.headers['content-type']);
      const article = extractArticle(html, response.url);
      if (article.body.length > MIN_BODY_CHARACTERS) return article;
      throw new Error(`the article text of ${url} is ${article.body.length} characters`);
    } catch (error) {
      if (error instanceof FetchRefusedError && error.reason !== 'timeout') retry = false;
      log(`article fetch attempt ${attempt} of ${url} failed: ${(error as Error).message}`);
      if (!retry) break;
    }
    if (attempt < FETCH_ATTEMPTS) await new Promise((r) => setTimeout(r, (options.retryDelayMs ?? 300) * attempt));
  }
  throw articleFetchFailed(type);
}

/** Bytes to text by the Content-Type charset, else a `<meta charset>`, else UTF-8. */
export function decodeHtml(bytes: Buffer, contentType: string | undefined): string {
  const declared = /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1];
  const sniffed = /<meta[^>]+charset=["']?([\w-]+)/i.exec(bytes.subarray(0, 2048).toString('latin1'))?.[1];
  for (const label of [declared, sniffed, 'utf-8']) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // an unknown label: try the next
    }
  }
  return bytes.toString('utf8');
}

/** Title, text and metadata of an article page (Readability over linkedom). */
export function extractArticle(html: string, url: string): Article {
  const { document } = parseHTML(html);
  const meta = (selector: string) =>
    (document.querySelector(selector)?.getAttribute('content') ?? '').replace(/\s+/g, ' ').trim();
  const keywords = [meta('meta[name="keywords"]'), meta('meta[name="news_keywords"]')]
    .concat(
      Array.from(document.querySelectorAll('meta[property="article:tag"]'), (m) => m.getAttribute('content') ?? ''),
    )
    .flatMap((list) => list.split(','))
    .map((k) => k.trim())
    .filter((k, i, all) => k && all.findIndex((o) => o.toLowerCase() === k.toLowerCase()) === i);
  const metaAuthor = meta('meta[name="author"]') || meta('meta[property="article:author"]');
  const metaDescription = meta('meta[name="description"]') || meta('meta[property="og:description"]');
  const headings = document.querySelectorAll('h1');
  const heading = headings.length === 1 ? clean(headings[0]?.textContent ?? '') : '';
  // Readability changes the document it reads, so metadata is read first.
  const parsed = new Readability(document as unknown as Document, { charThreshold: 200 }).parse();
  const title = clean(parsed?.title ?? '');
  return {
    // Readability keeps a site-name suffix it cannot split off ("Post – Blog"); the page's one h1 does not.
    title: heading && title.startsWith(heading) ? heading : title,
    body: parsed?.content ? paragraphsOf(parsed.content) : clean(parsed?.textContent ?? ''),
    description: metaDescription || clean(parsed?.excerpt ?? ''),
    author: clean(parsed?.byline ?? '') || metaAuthor,
    keywords,
    cache: url,
  };
}

/**
 * The text of the innermost blocks of Readability's HTML, one paragraph each, blank-line
 * separated. A line break (`<br>`) ends a paragraph too: its lines are separate thoughts (a list,
 * an address, a poem), and text nodes alone would glue their words ("mediaA").
 */
function paragraphsOf(content: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${content}</body></html>`);
  for (const br of Array.from(document.querySelectorAll('br'))) br.replaceWith(document.createTextNode(LINE_BREAK));
  const blocks = Array.from(document.querySelectorAll(BLOCKS)).filter((el) => !el.querySelector(BLOCKS));
  const texts = (blocks.length > 0 ? blocks : [document.body]).flatMap((el) =>
    (el.textContent ?? '').split(LINE_BREAK).map(clean).filter(Boolean),
  );
  return texts.join('\n\n');
}

/** Stands for a `<br>` in text until paragraphs are split: Unicode's line separator, which means the same. */
const LINE_BREAK = '\u2028';

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
