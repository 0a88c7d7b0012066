import { type VendorCall, vendorGetJson } from '../../http/vendor-fetch';

export const DEFAULT_MEDIA_TIMEOUT_MS = 10_000;

export type VendorRequest = {
  /** The vendor's name in messages ("Pixabay"). */
  vendor: string;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Reads the vendor's error body into a message, and may correct the kind (Pixabay's 400 for a bad key). */
  readError?: VendorCall['readError'];
};

/**
 * GETs a vendor API URL and parses its JSON, through the providers' one vendor fetch
 * (`providers/http`, D64) with the media engines' user agent and time limit. A failure is a
 * ProviderError, an AppError the search routes answer as it is (429 rate limited, 504 time-out,
 * else 502 naming the vendor; a bad key is a 502 `provider_auth`) and auto-fetch counts as an
 * empty engine.
 */
export function mediaGetJson(url: string, request: VendorRequest): Promise<unknown> {
  return vendorGetJson(url, {
    provider: request.vendor,
    timeoutMs: request.timeoutMs ?? DEFAULT_MEDIA_TIMEOUT_MS,
    headers: { 'user-agent': 'Reelwright (media search)', accept: 'application/json', ...request.headers },
    readError: request.readError,
  });
}

/** A base URL and a path joined with a query (the base may carry its own path prefix). */
export function buildUrl(base: string, path: string, query: Record<string, string | number | undefined>): string {
  const url = new URL(base.replace(/\/$/, '') + path);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  return url.href;
}

/** A whole non-negative number from a vendor field that may be a string (Giphy) or missing. */
export function int(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : 0;
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
}

/** `{ width, height }` scaled to fit within `max` on its longer side (never up). */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** Reads `{ error: string }`, `{ message }`, `{ detail }` or `{ error: { message } }` bodies. */
export function commonErrorMessage(body: string): string | undefined {
  const json = JSON.parse(body) as {
    error?: string | { message?: string; detail?: string };
    errors?: string[];
    message?: string;
    detail?: string;
  };
  if (typeof json.error === 'string') return json.error;
  return json.error?.message ?? json.error?.detail ?? json.errors?.join('; ') ?? json.message ?? json.detail;
}
