import { parseHTML } from 'linkedom';
import { ArticleProviderError, type ArticleProviderErrorKind } from './types';

export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

export type ProviderRequest = {
  provider: string;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Reads the vendor's error body into a message. */
  readError?: (body: string) => string | undefined;
};

/** The kind a failed status implies. */
export function kindOfStatus(status: number): ArticleProviderErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limited';
  if (status === 408 || status >= 500) return 'unavailable';
  return 'bad_request';
}

/**
 * GETs a vendor URL (operator-configured, so plain fetch, not the guarded client) with one time
 * limit for the whole exchange; a non-2xx answer, a time-out or a network failure becomes an
 * ArticleProviderError. Returns the body as text.
 */
export async function providerGet(url: string, request: ProviderRequest): Promise<string> {
  const timeoutMs = request.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  const { provider } = request;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { headers: { 'user-agent': 'Reelwright', ...request.headers }, signal });
    const body = await response.text();
    if (response.ok) return body;
    const kind = kindOfStatus(response.status);
    let detail: string | undefined;
    try {
      detail = request.readError?.(body);
    } catch {
      detail = undefined;
    }
    const message = (detail ?? body).trim().slice(0, 300) || `HTTP ${response.status}`;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ArticleProviderError(
      provider,
      kind,
      kind === 'rate_limited'
        ? `${provider} is rate limiting us (429): ${message}`
        : `${provider} answered ${response.status}: ${message}`,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  } catch (error) {
    if (error instanceof ArticleProviderError) throw error;
    if (signal.aborted) {
      throw new ArticleProviderError(provider, 'timeout', `${provider} did not answer within ${timeoutMs / 1000} s.`);
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new ArticleProviderError(provider, 'unavailable', `${provider} could not be reached: ${reason}`);
  }
}

/** `providerGet` and JSON.parse; an unreadable answer is `bad_answer`. */
export async function providerGetJson(url: string, request: ProviderRequest): Promise<unknown> {
  const body = await providerGet(url, request);
  try {
    return JSON.parse(body);
  } catch {
    throw new ArticleProviderError(
      request.provider,
      'bad_answer',
      `${request.provider} sent an answer that is not JSON.`,
    );
  }
}

/** A base URL and a path joined with a query (base may carry its own path prefix). */
export function buildUrl(base: string, path: string, query: Record<string, string | number>): string {
  const url = new URL(base.replace(/\/$/, '') + path);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  return url.href;
}

/** The text of an HTML snippet (Wikipedia's search matches, Brave's `<strong>`, RSS descriptions). */
export function textOfHtml(html: string): string {
  const { document } = parseHTML('<!doctype html><html><body><div></div></body></html>');
  const div = document.querySelector('div');
  if (!div) return html;
  div.innerHTML = html;
  return (div.textContent ?? '').replace(/\s+/g, ' ').trim();
}
