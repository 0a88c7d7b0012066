import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { formatByteLimit } from '../body-limits';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../errors';

/** Maps Fastify's own error codes to statuses and messages a person can act on. */
const fastifyErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'bad_request',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'bad_json', message: 'The request body is not valid JSON.' },
};

/**
 * One error shape for every endpoint: `{ error, code, field? }`. Validation failures become a 400
 * naming the field; a lost database connection is a 503 asking to retry; any other 5xx hides its
 * message from the client and is logged.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply
          .status(error.statusCode)
          .send({ error: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
        const where = error.validationContext === 'querystring' ? 'query' : error.validationContext;
        const message = first ? (field ? `${field}: ${first.message}` : first.message) : 'Invalid input.';
        return reply.status(400).send({
          error: message,
          code: 'invalid_input',
          ...(field ? { field } : {}),
          ...(where ? { in: where } : {}),
        });
      }
      if (error.code === 'FST_ERR_RATE_LIMIT' || error.statusCode === 429) {
        return reply.status(429).send({
          error: 'Too many attempts. Please wait a minute and try again.',
          code: 'rate_limited',
        });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .status(databaseUnavailable.status)
          .header('retry-after', String(databaseUnavailable.retryAfterSeconds))
          .send({ error: databaseUnavailable.message, code: databaseUnavailable.code });
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        const limit = formatByteLimit(request.routeOptions.bodyLimit);
        return reply.status(413).send({ error: `This call takes at most ${limit} of data.`, code: 'too_large' });
      }
      const known = error.code ? fastifyErrors[error.code] : undefined;
      if (known) return reply.status(known.status).send({ error: known.message, code: known.code });
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status < 500) {
        return reply.status(status).send({ error: error.message, code: error.code ?? 'bad_request' });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({
        error: 'Something went wrong on our side. Please try again; if it keeps happening, contact support.',
        code: 'internal',
      });
    });
    app.setNotFoundHandler((request, reply) => {
      reply
        .status(404)
        .send({ error: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'no_route' });
    });
  },
  { name: 'errors' },
);
