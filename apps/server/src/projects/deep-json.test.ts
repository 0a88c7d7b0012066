import { hashDocument } from '@reelwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildProjectData, requestsAs } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';

const P = '/api/members/projects';
const LEVELS = 100_000;

/** A project document with a value nested `levels` deep inside the wizard (valid JSON otherwise). */
function deepDocument(levels: number) {
  const data = JSON.stringify(buildProjectData());
  const deep = `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  return data.replace('"wizard":{', `"wizard":{"deep":${deep},`);
}

/** A patch adding a value nested `levels` deep (arrays this time). */
const deepPatch = (levels: number) =>
  JSON.stringify([{ op: 'add', path: '/wizard/deep', value: 0 }]).replace(
    '0}]',
    `${'['.repeat(levels)}${']'.repeat(levels)}}]`,
  );

/**
 * Issue 31, finding 6: JSON inside a string field (`data_json`, `diff`) is measured before it is
 * parsed, so a deeply nested one is refused at once, without freezing the server or echoing a path.
 */
describe.each(DB_KINDS)('deeply nested inner JSON on %s', (kind) => {
  let t: TestApp;
  let me: ReturnType<typeof requestsAs>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    me = requestsAs(t.app, (await buildMember(t.app)).cookie);
  });
  afterAll(() => t.close());

  it('refuses a data_json nested 100k levels quickly, with no path in the message', async () => {
    const body = { name: 'Deep', data_json: deepDocument(LEVELS) };
    await me.post(`${P}/save`, body); // warms the route up: the first call compiles it
    const started = performance.now();
    const res = await me.post(`${P}/save`, body);
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'data_json nests deeper than 64 levels.',
      code: 'too_deep',
      field: 'data_json',
    });
    expect(ms).toBeLessThan(1_000);
    expect((await me.get(`${P}/all`)).json()).toEqual([]);
  });

  it('refuses a deeply nested diff the same way and keeps the project as it was', async () => {
    const data = buildProjectData();
    const saved = (await me.post(`${P}/save`, { name: 'Kept', data_json: JSON.stringify(data) })).json();
    const res = await me.post(`${P}/patch`, { id: saved.id, diff: deepPatch(LEVELS), hash: await hashDocument(data) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'diff nests deeper than 64 levels.', code: 'too_deep', field: 'diff' });
    const loaded = (await me.get(`${P}/load?id=${saved.id}`)).json();
    expect(JSON.parse(loaded.data_json)).toEqual(data);
  });

  it('keeps /healthz answering while five deep saves arrive at once', async () => {
    const body = { name: 'Deep', data_json: deepDocument(LEVELS) };
    const saves = Array.from({ length: 5 }, () => me.post(`${P}/save`, body));
    const started = performance.now();
    const health = await t.app.inject({ url: '/healthz' });
    const healthMs = performance.now() - started;
    expect(health.statusCode).toBe(200);
    for (const res of await Promise.all(saves)) expect(res.json().code).toBe('too_deep');
    // Loose: the old parse froze the loop about 2 s a request, 10 s for five.
    expect(healthMs).toBeLessThan(1_000);
  });

  it('still takes a project nested as real ones are', async () => {
    const res = await me.post(`${P}/save`, { name: 'Ordinary', data_json: deepDocument(10) });
    // The extra key is not part of the model: refused by the schema, not by the depth check.
    expect(res.json().code).not.toBe('too_deep');
  });
});
