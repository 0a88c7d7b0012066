import { z } from 'zod';

/** The media type of every error answer of `/api/v1` (RFC 9457). */
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** Where the `type` URIs of the API's problems point: a section of the reference page. */
export const PROBLEM_TYPE_BASE = '/api/v1/docs#problem-';

/** One invalid field of a validation problem: a JSON Pointer into the request and what is wrong. */
export const ProblemFieldSchema = z.object({
  pointer: z.string().describe('JSON Pointer into the body, query or path (`#/body/source/url`).'),
  detail: z.string(),
});

/**
 * RFC 9457 problem details: every error of `/api/v1` has this shape, validation errors with
 * `errors` naming each field.
 */
export const ProblemSchema = z
  .object({
    type: z.string().describe('A URI naming the kind of problem.'),
    title: z.string().describe('The kind of problem, the same for every occurrence.'),
    status: z.number().int(),
    detail: z.string().describe('What went wrong this time and what to do.'),
    instance: z.string().describe('The request path.'),
    errors: z.array(ProblemFieldSchema).optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof ProblemSchema>;

/** The titles of the problems the API answers, by status (RFC 9110 reason phrases). */
export const PROBLEM_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
