/**
 * The list of environment variables in docs/operations.md is generated from the descriptions in
 * the configuration slices (scripts/env-doc.ts); this test fails while it is out of date.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentEnvDoc, envDoc, operationsFile, REGENERATE, root } from '../scripts/env-doc';

describe('the list of environment variables', () => {
  it(`is current in ${operationsFile}`, () => {
    const current = currentEnvDoc(readFileSync(path.join(root, operationsFile), 'utf8'));
    expect(current, `${operationsFile} has lost its env-doc markers`).toBeDefined();
    expect(current, `${operationsFile}'s list of environment variables is out of date: run ${REGENERATE}`).toBe(
      envDoc(),
    );
  });
});
