import type { z } from 'zod';

/** The HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * The error statuses most routes may answer, each with `ApiErrorSchema` (a 400 for input that
 * fails its schema also carries `in`: body or query).
 */
export const STANDARD_ERRORS = [400, 401, 404, 409, 413] as const;

/** The extra statuses of a route that calls outside services. */
export const SOURCE_ERRORS = [...STANDARD_ERRORS, 422, 429, 502, 504] as const;

/**
 * One HTTP endpoint of the contract between the web app and the server: where it is, what it
 * takes and what it answers on success. Errors all have the shape of `ApiErrorSchema`; `errors`
 * lists the statuses the route declares.
 */
export type Endpoint = {
  method: HttpMethod;
  /** The full path, with `:name` for path parameters (`/api/queries/search/:type/:source`). */
  path: string;
  /** One line for the API reference. */
  description: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The body may be a file: a multipart form or the raw bytes. The route reads it and checks any
   * `body` fields itself, so the server does not validate the body before the handler.
   */
  upload?: boolean;
  /** The success answer (200) when it is JSON. */
  response?: z.ZodType;
  /** An answer that is not JSON: plain text, a file, or a redirect the browser follows. */
  answers?: 'text' | 'file' | 'redirect';
  /** The error statuses the route declares besides 200. */
  errors?: readonly number[];
};

/** Checks a table of endpoints while keeping each entry's exact type (for `call` and routes). */
export const defineEndpoints = <const T extends Record<string, Endpoint>>(table: T): T => table;

type InputOf<S> = S extends z.ZodType ? z.input<S> : Record<never, never>;

/**
 * What a caller sends: the path parameters, the query and the body as one object. The table keeps
 * these apart (an endpoint has a query or a body, not both), so the client can tell them apart.
 */
export type EndpointInput<E extends Endpoint> = InputOf<E['params']> & InputOf<E['query']> & InputOf<E['body']>;

/** What an endpoint answers on success: its response schema's output, a string for text, else `unknown`. */
export type EndpointOutput<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : E['answers'] extends 'text'
    ? string
    : unknown;
