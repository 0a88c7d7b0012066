import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { endpoints } from './endpoints';

const entries = Object.entries(endpoints) as [string, Endpoint][];

describe('the endpoint table', () => {
  it('names each method and path once', () => {
    const keys = entries.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps paths under /api and path parameters declared', () => {
    for (const [name, e] of entries) {
      expect(e.path, name).toMatch(/^\/api\//);
      expect(e.path.includes('/:'), name).toBe(e.params !== undefined);
    }
  });

  it('gives each endpoint a query or a body, not both, and a GET no body', () => {
    for (const [name, e] of entries) {
      expect(e.query !== undefined && e.body !== undefined, name).toBe(false);
      if (e.method === 'GET') expect(e.body, name).toBeUndefined();
    }
  });

  it('describes each endpoint in one short line', () => {
    for (const [name, e] of entries) expect(e.description, name).toMatch(/^[^\n]{10,100}$/);
  });

  it('has schemas that convert to JSON Schema (for the reference and OpenAPI)', () => {
    for (const [name, e] of entries) {
      for (const schema of [e.params, e.query, e.body, e.response]) {
        if (schema) expect(() => z.toJSONSchema(schema, { unrepresentable: 'any' }), name).not.toThrow();
      }
    }
  });
});
