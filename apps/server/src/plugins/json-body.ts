import { errorCodes } from 'fastify';
import fp from 'fastify-plugin';
import secureJson from 'secure-json-parse';
import { type AppError, badRequest } from '../errors';
import { JSON_BODY_MAX_DEPTH, nestsDeeperThan, unstorableTextPath } from './json-text';

/** Fastify's own answer to `__proto__` and `constructor.prototype` keys: refuse the body. */
const POISON_OPTIONS = { protoAction: 'error', constructorAction: 'error' } as const;

/**
 * Parses `application/json` bodies in place of Fastify's parser, which it copies (empty body,
 * invalid JSON and prototype poisoning are refused alike), adding two checks: the nesting depth
 * is read before parsing, so a deep body costs no memory, and a string holding a NUL character
 * or a lone surrogate (which PostgreSQL refuses, a 500 later) is a 400 naming its field.
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseJsonBody(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
  },
  { name: 'json-body' },
);

/** The parsed body, or the error the client gets. */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  if (nestsDeeperThan(text, JSON_BODY_MAX_DEPTH)) {
    throw badRequest(`The JSON is nested too deeply (at most ${JSON_BODY_MAX_DEPTH} levels).`, undefined, 'too_deep');
  }
  let value: unknown;
  try {
    value = secureJson.parse(text, undefined, POISON_OPTIONS);
  } catch {
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
  const field = unstorableTextPath(value);
  if (field !== undefined) throw unstorableText(field);
  return value;
}

/** A 400 naming the field whose text cannot be stored. */
export function unstorableText(field: string, where = 'The request body'): AppError {
  const subject = field ? `${field}: the text` : where;
  return badRequest(
    `${subject} holds a NUL character (\\u0000) or a broken character; remove it and try again.`,
    field || undefined,
    'invalid_text',
  );
}
