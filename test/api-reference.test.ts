import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOC, withEndpointReference } from '../scripts/api-reference';

describe('docs/api.md', () => {
  it('has the endpoint reference the table gives (else run `npm run api:docs`)', () => {
    const doc = readFileSync(API_DOC, 'utf8');
    const current = withEndpointReference(doc) === doc;
    expect(current, 'docs/api.md is out of date with packages/core/src/api/endpoints.ts: run `npm run api:docs`').toBe(
      true,
    );
  });
});
