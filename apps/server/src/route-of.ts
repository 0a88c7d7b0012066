import { ApiErrorSchema, type Endpoint } from '@reelwright/core';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from './error-responses';

/** The schema Fastify validates and serializes with, as `endpoint` declares it. */
type RouteSchemaOf<E extends Endpoint> = {
  params: E['params'];
  querystring: E['query'];
  body: E['upload'] extends true ? undefined : E['body'];
  /** Typed by the success answer only: errors are thrown, not returned. */
  response: { 200: E['response'] };
};

/**
 * A route's method, URL and schema taken from its entry in core's endpoint table, so the path and
 * the schemas cannot drift from what the web calls and the API reference shows:
 * `app.route({ ...routeOf(app, endpoints.projectLoad), handler })`. The URL is the endpoint's path
 * less the prefix the plugin is registered under; a path outside it is a programming error. An
 * upload's body is left to the handler to read and check.
 */
export function routeOf<const E extends Endpoint>(app: FastifyInstance, endpoint: E) {
  if (!endpoint.path.startsWith(app.prefix)) {
    throw new Error(`${endpoint.path} is outside the prefix ${app.prefix} it is registered under.`);
  }
  const response: Record<number, unknown> = {};
  if (endpoint.response) response[200] = endpoint.response;
  for (const status of endpoint.errors ?? []) {
    response[status] = errorResponses[status as keyof typeof errorResponses] ?? ApiErrorSchema;
  }
  const schema: Record<string, unknown> = {};
  if (Object.keys(response).length > 0) schema.response = response;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body && !endpoint.upload) schema.body = endpoint.body;
  return {
    method: endpoint.method,
    url: endpoint.path.slice(app.prefix.length) || '/',
    schema: schema as RouteSchemaOf<E>,
  };
}
