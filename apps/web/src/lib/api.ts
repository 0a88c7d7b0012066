import type { ApiError } from '@reelwright/core';

/** A failed call: the server's message (`error`), its stable code and the HTTP status. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type Query = Record<string, string | number | boolean | undefined>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  options: { query?: Query; body?: unknown; raw?: boolean; signal?: AbortSignal } = {},
) {
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      credentials: 'same-origin',
      headers: options.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiRequestError(0, 'network', 'Cannot reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const err = (data ?? {}) as Partial<ApiError>;
    throw new ApiRequestError(
      response.status,
      err.code ?? 'http_error',
      err.error ?? `The server answered ${response.status}.`,
      err.field,
    );
  }
  return (options.raw ? text : data) as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The typed fetch wrapper every feature uses; errors arrive as `ApiRequestError`. */
export const api = {
  /** `signal` aborts the call (the abort error is passed through, not turned into a network error). */
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  /** A call that answers plain text (an empty answer is ''). */
  getText: (path: string, query?: Query) => request<string>('GET', path, { query, raw: true }),
  post: <T>(path: string, body?: unknown, signal?: AbortSignal) =>
    request<T>('POST', path, { body: body ?? {}, signal }),
};
