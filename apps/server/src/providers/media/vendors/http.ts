import { AppError } from '../../../errors';

export const DEFAULT_MEDIA_TIMEOUT_MS = 10_000;

export type MediaVendorErrorKind = 'auth' | 'rate_limited' | 'timeout' | 'unavailable' | 'bad_request' | 'bad_answer';

/** HTTP status and stable code the member sees for each kind of vendor failure. */
const EDGE: Record<MediaVendorErrorKind, { status: number; code: string }> = {
  auth: { status: 502, code: 'provider_auth' },
  rate_limited: { status: 429, code: 'provider_rate_limited' },
  timeout: { status: 504, code: 'provider_timeout' },
  unavailable: { status: 502, code: 'provider_unavailable' },
  bad_request: { status: 502, code: 'provider_bad_request' },
  bad_answer: { status: 502, code: 'provider_bad_answer' },
};

/**
 * A media vendor failed. An AppError, so the search routes answer it as it is (429 rate limited,
 * 504 time-out, else 502 naming the vendor) and auto-fetch counts it as an empty engine. A bad key
 * is a 502 `provider_auth`: the operator's configuration, not the member's request, is wrong.
 */
export class MediaVendorError extends AppError {
  constructor(
    readonly vendor: string,
    readonly kind: MediaVendorErrorKind,
    message: string,
    /** Seconds the vendor asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(EDGE[kind].status, EDGE[kind].code, message);
    this.name = 'MediaVendorError';
  }
}

/** The kind a failed status implies. */
export function kindOfStatus(status: number): MediaVendorErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limited';
  if (status === 408 || status >= 500) return 'unavailable';
  return 'bad_request';
}

export type VendorRequest = {
  /** The vendor's name in messages ("Pixabay"). */
  vendor: string;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Reads the vendor's error body into a message, and may correct the kind (Pixabay's 400 for a bad key). */
  readError?: (body: string, status: number) => { message?: string; kind?: MediaVendorErrorKind } | undefined;
};

/**
 * GETs a vendor API URL and parses its JSON. The URL is the operator's (a fixed vendor host or a
 * configured override), not a member's, so this is plain fetch and not the guarded client. One
 * time limit covers the whole exchange; a non-2xx answer, a time-out, a network failure or a body
 * that is not JSON becomes a MediaVendorError.
 */
export async function vendorGetJson(url: string, request: VendorRequest): Promise<unknown> {
  const timeoutMs = request.timeoutMs ?? DEFAULT_MEDIA_TIMEOUT_MS;
  const { vendor } = request;
  const signal = AbortSignal.timeout(timeoutMs);
  let body: string;
  try {
    const response = await fetch(url, {
      headers: { 'user-agent': 'Reelwright (media search)', accept: 'application/json', ...request.headers },
      signal,
    });
    body = await response.text();
    if (!response.ok) throw statusError(request, response.status, body, response.headers.get('retry-after'));
  } catch (error) {
    if (error instanceof MediaVendorError) throw error;
    if (signal.aborted)
      throw new MediaVendorError(vendor, 'timeout', `${vendor} did not answer within ${timeoutMs / 1000} s.`);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new MediaVendorError(vendor, 'unavailable', `${vendor} could not be reached: ${reason}`);
  }
  try {
    return JSON.parse(body);
  } catch {
    throw new MediaVendorError(vendor, 'bad_answer', `${vendor} sent an answer that is not JSON.`);
  }
}

function statusError(request: VendorRequest, status: number, body: string, retryAfterHeader: string | null) {
  const { vendor } = request;
  let read: ReturnType<NonNullable<VendorRequest['readError']>>;
  try {
    read = request.readError?.(body, status);
  } catch {
    read = undefined;
  }
  const kind = read?.kind ?? kindOfStatus(status);
  const detail = (read?.message ?? body).trim().slice(0, 300) || `HTTP ${status}`;
  const retryAfter = Number(retryAfterHeader);
  const message =
    kind === 'rate_limited'
      ? `${vendor} is rate limiting us (${status}): ${detail}. Please try again in a minute.`
      : kind === 'auth'
        ? `${vendor} refused our API key (${status}): ${detail}. Check the key in the server configuration.`
        : `${vendor} answered ${status}: ${detail}`;
  return new MediaVendorError(
    vendor,
    kind,
    message,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
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
