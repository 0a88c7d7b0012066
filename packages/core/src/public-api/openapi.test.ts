import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { type V1Endpoint, v1Endpoints } from './endpoints';
import { openApiDocument, openApiPath } from './openapi';

const document = openApiDocument({ serverUrl: 'https://videos.example', version: '1.0.0' }) as {
  openapi: string;
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, unknown>; parameters?: unknown[] }>
  >;
  components: { schemas: Record<string, unknown> };
};
const entries = Object.entries(v1Endpoints) as [string, V1Endpoint][];

describe('the OpenAPI document of /api/v1', () => {
  it('is a valid OpenAPI 3.1 document (checked by an OpenAPI schema validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has one operation for each endpoint of the table, under its own name', () => {
    for (const [name, endpoint] of entries) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, name).toBe(name);
      expect(Object.keys(operation?.responses ?? {}), name).toEqual(
        expect.arrayContaining([String(endpoint.status ?? 200), '401', '429', ...endpoint.errors.map(String)]),
      );
    }
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(entries.length);
  });

  it('offers the idempotency key on creating calls only', () => {
    for (const [name, endpoint] of entries) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      const hasKey = JSON.stringify(operation?.parameters ?? []).includes('IdempotencyKey');
      expect(hasKey, name).toBe(endpoint.idempotent === true);
    }
  });

  it('shares the named schemas as components, the problem among them', () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'Problem',
        'Project',
        'Job',
        'Video',
        'Optimization',
        'VideoRequest',
        'VideoJob',
        'WebhookEndpoint',
      ]),
    );
    expect(JSON.stringify(document)).not.toContain('#/$defs/');
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      expect(schema, name).not.toHaveProperty('$ref');
    }
  });

  it('keeps paths under /api/v1 with their parameters declared', () => {
    for (const [name, endpoint] of entries) {
      expect(endpoint.path, name).toMatch(/^\/api\/v1\//);
      expect(endpoint.path.includes('/:'), name).toBe(endpoint.params !== undefined);
      if (endpoint.method === 'GET') expect(endpoint.body, name).toBeUndefined();
    }
  });
});
