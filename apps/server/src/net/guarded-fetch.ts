import dns from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { isPublicAddress } from './address-policy';
import { FetchNetworkError, FetchRefusedError } from './errors';

export { FetchNetworkError, type FetchRefusalReason, FetchRefusedError } from './errors';

export type ResolvedAddress = { address: string; family: number };

/** What the operator allows; `config.fetch` fits it. */
export type FetchPolicy = {
  /** Let fetches reach loopback and private addresses (FETCH_ALLOW_PRIVATE; tests use it). */
  allowPrivate: boolean;
  /** Resolves a host name to every address it has; the system resolver unless a test injects one. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
};

export type GuardedFetchOptions = {
  method?: string;
  headers?: Record<string, string | number>;
  body?: Buffer | string;
  /** For the whole exchange, redirects included. */
  timeoutMs?: number;
  /** For the final response body; more aborts the fetch. */
  maxBytes?: number;
  /** Media types a successful (2xx) answer may have, e.g. `['image/*', 'application/json']`. */
  accept?: string[];
  /** At most `MAX_REDIRECTS`; 0 returns a redirect answer as it is. */
  maxRedirects?: number;
};

export type GuardedResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The address that answered, after redirects. */
  url: string;
};

export const MAX_REDIRECTS = 5;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * The one client for outgoing fetches of user-given URLs (DESIGN §8): http(s) only; every
 * address connected to is checked with `isPublicAddress` at connect time, on the address the
 * socket actually uses (a custom `lookup`, and a check of IP-literal hosts before any
 * connection), so a DNS answer that changes between a check and the connect cannot slip
 * through; redirects are followed by hand, each hop checked the same way; one time limit for
 * the whole exchange and a byte limit on the body. Throws `FetchRefusedError` (with a reason)
 * or `FetchNetworkError`; any HTTP status is an answer, not an error.
 */
export async function guardedFetch(
  url: string | URL,
  options: GuardedFetchOptions,
  policy: FetchPolicy,
): Promise<GuardedResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = Math.min(options.maxRedirects ?? MAX_REDIRECTS, MAX_REDIRECTS);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let target = parseTarget(url);
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body;
  let headers = lowerCaseKeys({ 'user-agent': 'Reelwright', ...options.headers });
  try {
    for (let hop = 0; ; hop++) {
      const response = await exchange(target, { method, headers, body }, policy, controller.signal);
      const location = response.headers.location;
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status) && location && maxRedirects > 0) {
        response.destroy();
        if (hop >= maxRedirects) {
          throw new FetchRefusedError('too_many_redirects', `More than ${maxRedirects} redirects from ${url}.`);
        }
        const next = parseTarget(resolveLocation(location, target));
        // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          method = method === 'HEAD' ? 'HEAD' : 'GET';
          body = undefined;
          headers = omit(headers, ['content-type', 'content-length', 'content-encoding']);
        }
        if (next.origin !== target.origin) headers = omit(headers, CREDENTIAL_HEADERS);
        target = next;
        continue;
      }
      if (status >= 200 && status < 300) checkContentType(response, options.accept);
      const data = await readBody(response, options.maxBytes ?? DEFAULT_MAX_BYTES);
      return { status, headers: response.headers, body: data, url: target.href };
    }
  } catch (error) {
    if (error instanceof FetchRefusedError) throw error;
    if (controller.signal.aborted) {
      throw new FetchRefusedError('timeout', `${target.href} did not answer within ${timeoutMs} ms.`);
    }
    if (error instanceof FetchNetworkError) throw error;
    throw new FetchNetworkError(`Fetching ${target.href} failed: ${(error as Error).message}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** Parses and checks the scheme; a fetch target must be http(s). */
function parseTarget(url: string | URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FetchRefusedError('bad_url', `Not a valid address: ${String(url).slice(0, 200)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new FetchRefusedError('scheme', `Only http and https addresses can be fetched, not ${parsed.protocol}`);
  }
  return parsed;
}

function resolveLocation(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new FetchRefusedError('bad_url', `The redirect target is not a valid address: ${location.slice(0, 200)}`);
  }
}

/** `[::1]` → `::1`; other host names as they are. */
function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

function refuseAddress(address: string, host: string): FetchRefusedError {
  return new FetchRefusedError(
    'private_address',
    `${host} is (or resolves to) ${address}, which is not a public address.`,
  );
}

/**
 * A `lookup` for the socket: resolves every address of the host and refuses the whole host if
 * any of them is not public, so the connect can only use checked addresses.
 */
function guardedLookup(policy: FetchPolicy): LookupFunction {
  const resolve = policy.resolve ?? systemResolve;
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const wanted = options.family ? found.filter((a) => a.family === options.family) : found;
        const refused = policy.allowPrivate ? undefined : wanted.find((a) => !isPublicAddress(a.address));
        if (refused) return callback(refuseAddress(refused.address, hostname), '');
        const [first] = wanted;
        if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
        if (options.all)
          return callback(
            null,
            wanted.map((a) => ({ address: a.address, family: a.family })),
          );
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  return dns.promises.lookup(hostname, { all: true, verbatim: true });
}

type Outgoing = { method: string; headers: Record<string, string>; body: Buffer | string | undefined };

/** One request to one address, without following redirects; resolves with the response head. */
function exchange(target: URL, out: Outgoing, policy: FetchPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const host = hostOf(target);
    // The socket skips `lookup` for an IP literal, so the literal is checked here, before any connect.
    if (net.isIP(host) && !policy.allowPrivate && !isPublicAddress(host)) {
      reject(refuseAddress(host, host));
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(target, {
      method: out.method,
      headers: out.headers,
      agent: false,
      signal,
      lookup: guardedLookup(policy),
    });
    request.on('response', resolve);
    request.on('error', (error) =>
      reject(
        error instanceof FetchRefusedError
          ? error
          : new FetchNetworkError(`Fetching ${target.href} failed: ${error.message}`, { cause: error }),
      ),
    );
    request.end(out.body);
  });
}

function checkContentType(response: IncomingMessage, accept: string[] | undefined) {
  if (!accept?.length) return;
  const type = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const ok = accept.some((pattern) => {
    const wanted = pattern.toLowerCase();
    return wanted.endsWith('/*') ? type.startsWith(wanted.slice(0, -1)) : type === wanted;
  });
  if (!ok) {
    response.destroy();
    throw new FetchRefusedError('content_type', `Expected ${accept.join(' or ')}, got ${type || 'no content type'}.`);
  }
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  const tooLarge = () => new FetchRefusedError('too_large', `The answer is larger than ${maxBytes} bytes.`);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(); // leaving the loop destroys the stream
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function lowerCaseKeys(headers: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
}

function omit(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !names.includes(k)));
}
