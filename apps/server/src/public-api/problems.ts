/**
 * Every error under `/api/v1` as RFC 9457 problem details: the app's errors (`AppError`), failed
 * validation (each field in `errors`), Fastify's own refusals and our own faults alike.
 */
import { PROBLEM_MEDIA_TYPE, PROBLEM_TITLES, PROBLEM_TYPE_BASE, type Problem } from '@reelwright/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../errors';

/** Fastify's refusals of a body, in words a client can act on. */
const fastifyRefusals: Record<string, { status: number; code: string; detail: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    detail: 'Send the request body as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'bad_request',
    detail: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'bad_json', detail: 'The request body is not valid JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'too_large', detail: 'The request body is too large.' },
};

/** A problem of `status` whose `type` names `code` (a section of the reference page). */
export function problem(request: FastifyRequest, status: number, code: string, detail: string): Problem {
  return {
    type: `${PROBLEM_TYPE_BASE}${code}`,
    title: PROBLEM_TITLES[status] ?? 'Error',
    status,
    detail,
    instance: request.url.split('?')[0] ?? request.url,
  };
}

/** Sends a problem with its media type. */
export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return reply.status(body.status).type(PROBLEM_MEDIA_TYPE).send(body);
}

/** Text without the links some of the app's messages carry for the web dialog (the quota's). */
const plainText = (html: string) =>
  html
    .replace(/<\/?a\b[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Where in the request a failed validation was: `#/body/source/url`. */
function pointerOf(context: string | undefined, instancePath: string): string {
  const where = context === 'querystring' ? 'query' : context === 'params' ? 'path' : (context ?? 'body');
  return `#/${where}${instancePath}`;
}

/** The problem an error thrown under `/api/v1` becomes (5xx details are logged, not shown). */
export function problemOf(error: FastifyError, request: FastifyRequest): { body: Problem; retryAfter?: number } {
  if (error instanceof AppError) {
    return { body: problem(request, error.statusCode, error.code, plainText(error.message)) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => ({
      pointer: pointerOf(error.validationContext, issue.instancePath),
      detail: issue.message ?? 'is not valid',
    }));
    const first = errors[0];
    const detail = first ? `${first.pointer.slice(2)}: ${first.detail}` : 'The request is not valid.';
    return { body: { ...problem(request, 400, 'invalid_input', detail), errors } };
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return {
      body: problem(request, databaseUnavailable.status, databaseUnavailable.code, databaseUnavailable.message),
      retryAfter: databaseUnavailable.retryAfterSeconds,
    };
  }
  const known = error.code ? fastifyRefusals[error.code] : undefined;
  if (known) return { body: problem(request, known.status, known.code, known.detail) };
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status < 500) return { body: problem(request, status, 'bad_request', error.message) };
  request.log.error({ err: error }, 'request failed');
  return {
    body: problem(
      request,
      500,
      'internal',
      'Something went wrong on our side. Please try again; if it keeps happening, contact support.',
    ),
  };
}

/**
 * Fastify's refusals before any route is found (a path that is not valid percent-encoding): a
 * problem under `/api/v1`, else Fastify's own answer (`frameworkErrors` of the app).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (request.url.startsWith('/api/v1/')) {
    return sendProblem(reply, problem(request, 400, 'bad_url', 'The address is not valid: check its escaping.'));
  }
  return reply.status(400).send({ error: 'Bad Request', code: error.code, message: error.message, statusCode: 400 });
}
