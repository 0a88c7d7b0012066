/**
 * The one way the adapters call an outside service (D64). The URL is the operator's (a vendor's
 * host or a configured override), not a member's, so this is plain fetch and not the guarded
 * client of `net/`. One time limit covers the whole exchange, body included; a non-2xx answer, a
 * time-out, a network failure or an unreadable answer becomes a ProviderError.
 */
import { kindOfStatus, ProviderError, type ProviderErrorKind } from './provider-error';

/** What a vendor's error body says: its message, and a kind its own code implies. */
export type VendorErrorDetail = { message?: string; kind?: ProviderErrorKind };

export type VendorCall = {
  /** The provider's name on errors, and in messages unless `label` is given ('google', 'Pixabay'). */
  provider: string;
  /** How messages name the provider when not by `provider` ('AWS Transcribe'). */
  label?: string;
  timeoutMs: number;
  /** Reads the vendor's error body; a kind it gives overrides the one the status implies. */
  readError?: (body: string, status: number, headers: Headers) => VendorErrorDetail | undefined;
};

/** A 2xx answer (body unread) with the call it answers, for the `read*` functions. */
export type VendorResponse = { response: Response; call: VendorCall };

/**
 * fetch with the call's time limit; returns a 2xx answer with its body unread, and throws a
 * ProviderError for anything else:
 * - rate_limited: `<provider> is rate limiting us (429): <detail>. Please try again in a minute.`
 * - auth: `<provider> refused our API key (403): <detail>. Check the key in the server configuration.`
 * - other statuses: `<provider> answered 503: <detail>`
 * - `<provider> did not answer within 10 s.` (timeout), `<provider> could not be reached: <reason>`.
 */
export async function vendorFetch(url: string | URL, init: RequestInit, call: VendorCall): Promise<VendorResponse> {
  const signal = AbortSignal.timeout(call.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal });
  } catch (error) {
    throw failure(call, error, signal);
  }
  if (response.ok) return { response, call };
  const body = await response.text().catch(() => '');
  throw statusError(call, response.status, body, response.headers);
}

/** The body of a 2xx answer as bytes. */
export async function readBytes({ response, call }: VendorResponse): Promise<Buffer> {
  try {
    return Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw failure(call, error);
  }
}

/** The body of a 2xx answer as text. */
export async function readText(answer: VendorResponse): Promise<string> {
  return (await readBytes(answer)).toString('utf8');
}

/** The body of a 2xx answer as JSON; one that does not parse is `bad_answer`. */
export async function readJson<T = unknown>(answer: VendorResponse): Promise<T> {
  return parseJson<T>(answer.call, await readText(answer));
}

/** JSON.parse, with text that is not JSON a `bad_answer` of the provider. */
export function parseJson<T = unknown>(call: Pick<VendorCall, 'provider' | 'label'>, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    const name = call.label ?? call.provider;
    throw new ProviderError(call.provider, 'bad_answer', `${name} sent an answer that is not JSON.`);
  }
}

/** GETs a vendor URL; returns the body of its 2xx answer as text. */
export async function vendorGet(url: string, call: VendorCall & { headers?: Record<string, string> }): Promise<string> {
  return readText(await vendorFetch(url, { headers: call.headers }, call));
}

/** GETs a vendor URL; returns the body of its 2xx answer as JSON. */
export async function vendorGetJson<T = unknown>(
  url: string,
  call: VendorCall & { headers?: Record<string, string> },
): Promise<T> {
  return parseJson<T>(call, await vendorGet(url, call));
}

/** JSON.parse that gives undefined instead of throwing (for error bodies). */
export function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function statusError(call: VendorCall, status: number, body: string, headers: Headers): ProviderError {
  const { provider } = call;
  const name = call.label ?? provider;
  let read: VendorErrorDetail | undefined;
  try {
    read = call.readError?.(body, status, headers);
  } catch {
    read = undefined;
  }
  const kind = read?.kind ?? kindOfStatus(status);
  const detail = (read?.message?.trim() || body.trim()).slice(0, 300) || `HTTP ${status}`;
  const message =
    kind === 'rate_limited'
      ? `${name} is rate limiting us (${status}): ${detail}. Please try again in a minute.`
      : kind === 'auth'
        ? `${name} refused our API key (${status}): ${detail}. Check the key in the server configuration.`
        : `${name} answered ${status}: ${detail}`;
  const retryAfter = Number(headers.get('retry-after'));
  return new ProviderError(
    provider,
    kind,
    message,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

/** A fetch or a body read that failed: a time-out, or a network failure. */
function failure(call: VendorCall, error: unknown, signal?: AbortSignal): ProviderError {
  const { provider, timeoutMs } = call;
  const name = call.label ?? provider;
  const errorName = error instanceof Error ? error.name : '';
  if (signal?.aborted || errorName === 'TimeoutError' || errorName === 'AbortError') {
    return new ProviderError(provider, 'timeout', `${name} did not answer within ${timeoutMs / 1000} s.`);
  }
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return new ProviderError(provider, 'unavailable', `${name} could not be reached: ${reason}`);
}
