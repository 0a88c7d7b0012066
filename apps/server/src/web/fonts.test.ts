import { FONT_CATALOGUE } from '@reelwright/scene';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

describe('font files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('offers about 190 families, each with an embeddable licence', () => {
    expect(FONT_CATALOGUE.length).toBeGreaterThanOrEqual(185);
    for (const entry of FONT_CATALOGUE)
      expect(['OFL-1.1', 'Apache-2.0', 'UFL-1.0', 'Unlicense', 'MIT']).toContain(entry.license);
  });

  it('serves a catalogued woff2 file, cacheable for a year', async () => {
    const res = await t.app.inject({ url: '/fonts/inter/inter-latin-700-normal.woff2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
  });

  it('serves a file of every catalogued family', async () => {
    for (const entry of FONT_CATALOGUE) {
      const subset = entry.subsets.includes('latin') ? 'latin' : entry.subsets[0];
      const weight = entry.weights.includes(400) ? 400 : entry.weights[0];
      const style = entry.styles.includes('normal') ? 'normal' : entry.styles[0];
      const res = await t.app.inject({ url: `/fonts/${entry.id}/${entry.id}-${subset}-${weight}-${style}.woff2` });
      expect(res.statusCode, entry.id).toBe(200);
    }
  });

  it('refuses unknown families, other file types and path tricks with a 4xx', async () => {
    expect((await t.app.inject({ url: '/fonts/not-a-font/not-a-font-latin-400-normal.woff2' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/fonts/inter/inter-latin-999-normal.woff2' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/fonts/inter/metadata.json' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/fonts/inter/..%2F..%2Fpackage.json' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/fonts/inter/roboto-latin-400-normal.woff2' })).statusCode).toBe(404);
  });
});
