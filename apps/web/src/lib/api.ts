import {
  type ApiError,
  type EndpointInput,
  type EndpointName,
  type EndpointOutput,
  type Endpoints,
  endpoints,
} from '@reelwright/core';

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
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { query?: Query; body?: unknown; file?: Blob | FormData; raw?: boolean; signal?: AbortSignal } = {},
) {
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      credentials: 'same-origin',
      headers: requestHeaders(options),
      body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
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

/** JSON bodies say so; a form sets its own type (with the boundary); a Blob is sent as its type. */
function requestHeaders(options: { body?: unknown; file?: Blob | FormData }): Record<string, string> | undefined {
  if (options.file instanceof Blob) return { 'content-type': options.file.type || 'application/octet-stream' };
  if (options.file || options.body === undefined) return undefined;
  return { 'content-type': 'application/json' };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Calls by path, for what is not in core's endpoint table (Web Push, a media file's check):
 * prefer `call`, whose input and answer are typed from the table. Errors arrive as `ApiRequestError`.
 */
export const api = {
  /** `signal` aborts the call (the abort error is passed through, not turned into a network error). */
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  /** A call that answers plain text (an empty answer is ''). */
  getText: (path: string, query?: Query) => request<string>('GET', path, { query, raw: true }),
  post: <T>(path: string, body?: unknown, signal?: AbortSignal) =>
    request<T>('POST', path, { body: body ?? {}, signal }),
};

/** Options of one `call`: `signal` aborts it (the abort error is passed through). */
export type CallOptions = { signal?: AbortSignal };

/** Options of one `upload`: with `onProgress`, it hears how many bytes of the body were sent. */
export type UploadOptions = CallOptions & { onProgress?: (sent: number, total: number) => void };

/** The arguments after the name: the input may be left out when the endpoint takes none. */
type CallArgs<N extends EndpointName> =
  Record<never, never> extends EndpointInput<Endpoints[N]>
    ? [input?: EndpointInput<Endpoints[N]>, options?: CallOptions]
    : [input: EndpointInput<Endpoints[N]>, options?: CallOptions];

/**
 * Calls an endpoint of core's table by name, typed from it: the input is what its params, query
 * and body schemas accept, the answer what its response schema gives (the server checks every
 * answer against that schema before sending it). Path parameters are taken from the input by
 * name; the rest goes in the query of a GET and the JSON body of anything else.
 */
export function call<N extends EndpointName>(name: N, ...[input, options]: CallArgs<N>) {
  const endpoint = endpoints[name];
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown> | undefined) };
  const path = endpoint.path.replace(/:(\w+)/g, (_match, key: string) => {
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value));
  });
  const signal = options?.signal;
  const raw = 'answers' in endpoint && endpoint.answers === 'text';
  if (endpoint.method === 'GET') {
    return request<EndpointOutput<Endpoints[N]>>('GET', path, { query: toQuery(rest), raw, signal });
  }
  return request<EndpointOutput<Endpoints[N]>>(endpoint.method, path, { body: rest, raw, signal });
}

/** The GET endpoints that answer a file. */
type FileName = {
  [N in EndpointName]: Endpoints[N] extends { method: 'GET'; answers: 'file' } ? N : never;
}[EndpointName];

/** The address of a GET endpoint that answers a file, for a link the browser follows or saves. */
export function fileUrl<N extends FileName>(name: N, input: EndpointInput<Endpoints[N]>): string {
  return withQuery(endpoints[name].path, toQuery(input as Record<string, unknown>));
}

/** Whether a file endpoint has the file now (a HEAD request; any failure counts as no). */
export async function fileExists(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { method: 'HEAD', credentials: 'same-origin' })).ok;
  } catch {
    return false;
  }
}

/** The endpoints that take a file. */
type UploadName = { [N in EndpointName]: Endpoints[N] extends { upload: true } ? N : never }[EndpointName];

/**
 * Sends a file to an upload endpoint of the table: a form (multipart) or a Blob as it is (raw
 * bytes, its type as the content type). The answer is typed as `call`'s.
 */
export function upload<N extends UploadName>(name: N, file: Blob | FormData, options?: UploadOptions) {
  const endpoint = endpoints[name];
  if (options?.onProgress) {
    return requestWithProgress<EndpointOutput<Endpoints[N]>>(endpoint.method, endpoint.path, file, options);
  }
  return request<EndpointOutput<Endpoints[N]>>(endpoint.method, endpoint.path, { file, signal: options?.signal });
}

/**
 * `request` for a file whose sending is watched: fetch cannot report an upload's progress, so this
 * one goes through XMLHttpRequest. Answers and errors are the same as `request`'s.
 */
function requestWithProgress<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  file: Blob | FormData,
  options: UploadOptions,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(requestHeaders({ file }) ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      const data = xhr.responseText ? safeJson(xhr.responseText) : undefined;
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      const err = (data ?? {}) as Partial<ApiError>;
      reject(
        new ApiRequestError(
          xhr.status,
          err.code ?? 'http_error',
          err.error ?? `The server answered ${xhr.status}.`,
          err.field,
        ),
      );
    };
    xhr.onerror = () =>
      reject(new ApiRequestError(0, 'network', 'Cannot reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

function toQuery(values: Record<string, unknown>): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null)
      query[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return query;
}
