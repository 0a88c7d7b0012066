import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../test/helpers';

describe.each(DB_KINDS)('app basics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers /healthz with the database kind', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: kind });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'no_route', error: 'No such endpoint: GET /api/nope' });
  });

  it('redirects the spec entry paths to the app page, keeping the query', async () => {
    expect((await t.app.inject({ url: '/' })).headers.location).toBe('/app.html#/wizard');
    expect((await t.app.inject({ url: '/preview?pid=7' })).headers.location).toBe('/app.html?pid=7#/preview');
    expect((await t.app.inject({ url: '/pricing' })).headers.location).toBe('/app.html#/pricing');
  });

  it('refuses settings for visitors with a 401', async () => {
    const res = await t.app.inject({ url: '/api/members/settings' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please log in to continue.', code: 'unauthorized' });
  });

  it('answers malformed JSON with a 400 that says so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/settings',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_json');
  });
});
