/**
 * The OpenAPI 3.1 document of `/api/v1`, generated from the endpoint table's zod schemas (never
 * written by hand): JSON Schema 2020-12 is OpenAPI 3.1's own dialect, so `z.toJSONSchema` output
 * goes in as it is; schemas with an id (`.meta({ id })`) become shared components.
 */
import { z } from 'zod';
import { V1_COMMON_ERRORS, V1_FILE_TYPES, V1_TAGS, type V1Endpoint, v1Endpoints } from './endpoints';
import { PROBLEM_MEDIA_TYPE, PROBLEM_TITLES, ProblemSchema } from './problem';

type JsonObject = Record<string, unknown>;

const REF_PREFIX = '#/components/schemas/';

/** The JSON Schema of a zod schema, shared pieces as `$ref`s into `components`. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output', components: JsonObject): JsonObject {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonObject & {
    $defs?: Record<string, JsonObject>;
  };
  // Shared definitions move to components; their references follow.
  const defs = json.$defs ?? {};
  delete json.$defs;
  delete json.$schema;
  for (const [id, def] of Object.entries(defs)) components[id] = rewriteRefs(def);
  const rewritten = rewriteRefs(json);
  // A schema with its own id comes as a reference to its definition, already among the components.
  return rewritten;
}

/** `#/$defs/X` → `#/components/schemas/X`, everywhere inside. */
function rewriteRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(rewriteRefs) as T;
  if (value && typeof value === 'object') {
    const out: JsonObject = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] =
        key === '$ref' && typeof inner === 'string' ? inner.replace('#/$defs/', REF_PREFIX) : rewriteRefs(inner);
    }
    return out as T;
  }
  return value;
}

/** `/api/v1/videos/:id` → `/api/v1/videos/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function parametersOf(endpoint: V1Endpoint): JsonObject[] {
  const parameters: JsonObject[] = [];
  if (endpoint.params) {
    const json = z.toJSONSchema(endpoint.params, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, JsonObject>;
    };
    for (const [name, schema] of Object.entries(json.properties)) {
      const { description, ...rest } = schema;
      parameters.push({ name, in: 'path', required: true, description, schema: { ...rest, type: 'integer' } });
    }
  }
  if (endpoint.idempotent) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  return parameters;
}

function problemResponse(status: number): JsonObject {
  return {
    description: PROBLEM_TITLES[status] ?? 'Error',
    content: { [PROBLEM_MEDIA_TYPE]: { schema: { $ref: `${REF_PREFIX}Problem` } } },
  };
}

function operationOf(name: string, endpoint: V1Endpoint, components: JsonObject): JsonObject {
  const responses: JsonObject = {};
  const status = String(endpoint.status ?? 200);
  if (endpoint.answers) {
    const type = V1_FILE_TYPES[endpoint.answers];
    responses[status] = {
      description: `The ${endpoint.answers.toUpperCase()} file.`,
      content: { [type]: { schema: { type: 'string', contentMediaType: type } } },
    };
  } else if (endpoint.response) {
    responses[status] = {
      description: endpoint.summary,
      content: { 'application/json': { schema: schemaOf(endpoint.response, 'output', components) } },
    };
  }
  for (const code of [...new Set([...endpoint.errors, ...V1_COMMON_ERRORS])].sort()) {
    responses[String(code)] = problemResponse(code);
  }
  const operation: JsonObject = {
    operationId: name,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: [endpoint.tag],
    responses,
  };
  const parameters = parametersOf(endpoint);
  if (parameters.length > 0) operation.parameters = parameters;
  if (endpoint.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: schemaOf(endpoint.body, 'input', components) } },
    };
  }
  return operation;
}

/** The OpenAPI 3.1 document of `/api/v1`; `serverUrl` is where the API is reached. */
export function openApiDocument(options: { serverUrl: string; version: string }): JsonObject {
  const components: JsonObject = {};
  const paths: Record<string, JsonObject> = {};
  for (const [name, endpoint] of Object.entries(v1Endpoints) as [string, V1Endpoint][]) {
    const path = openApiPath(endpoint.path);
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operationOf(name, endpoint, components);
  }
  schemaOf(ProblemSchema, 'output', components);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Reelwright API',
      version: options.version,
      description:
        "Make, render and optimize videos from an automation service or a blog. Authenticate with your API key (Business plan): the 'Your API Key for Zapier / Wordpress..' entry of the user menu.",
    },
    servers: [{ url: options.serverUrl }],
    security: [{ apiKey: [] }],
    tags: V1_TAGS.map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Any unique string (a UUID): a retry with the same key and body answers the first answer again for 24 hours; the same key with another body is refused with 422. A retry sent while the first call is still working waits for its answer, or after 5 s is refused with 409 and Retry-After.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
      },
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'Your API key: `Authorization: Bearer rw_…`.' },
      },
    },
  };
}
