import { parseHTML } from 'linkedom';
import { type VendorCall, vendorGet, vendorGetJson } from '../http/vendor-fetch';

export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

export type ProviderRequest = Omit<VendorCall, 'timeoutMs'> & {
  timeoutMs?: number;
  headers?: Record<string, string>;
};

const withDefaults = (request: ProviderRequest) => ({
  ...request,
  timeoutMs: request.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
  headers: { 'user-agent': 'Reelwright', ...request.headers },
});

/**
 * GETs a vendor URL through the providers' one vendor fetch (`providers/http`, D64) with the
 * article sources' user agent and time limit; returns the body as text.
 */
export const providerGet = (url: string, request: ProviderRequest): Promise<string> =>
  vendorGet(url, withDefaults(request));

/** `providerGet` and JSON.parse; an unreadable answer is `bad_answer`. */
export const providerGetJson = (url: string, request: ProviderRequest): Promise<unknown> =>
  vendorGetJson(url, withDefaults(request));

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
