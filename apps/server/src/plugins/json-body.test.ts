import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, requestsAs } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { memberKeywords } from '../articles/tables';
import { pushSubscriptions } from '../notify/tables';
import { memberSettings } from '../settings/tables';
import { JSON_BODY_MAX_DEPTH, nestsDeeperThan, unstorableTextPath } from './json-text';

const deep = (levels: number, key = 'settings') => `${`{"${key}":`.repeat(levels)}1${'}'.repeat(levels)}`;

describe('reading JSON text', () => {
  it('measures nesting without parsing, ignoring brackets in strings', () => {
    expect(nestsDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[1]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":[{"b":1}],"c":{}}', 3)).toBe(false);
    expect(nestsDeeperThan('["[[[[", "\\"[[[["]', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\", [[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan(deep(5000), JSON_BODY_MAX_DEPTH)).toBe(true);
  });

  it('finds the field of a NUL character or a lone surrogate, keys included', () => {
    expect(unstorableTextPath({ a: 'fine', b: ['ok', 'x\u0000'] })).toBe('b.1');
    expect(unstorableTextPath({ a: { 'k\u0000': 1 } })).toBe('a.k\\u0000');
    expect(unstorableTextPath({ a: '\ud800' })).toBe('a');
    expect(unstorableTextPath('\u0000')).toBe('');
    expect(unstorableTextPath({ a: 'emoji 😀 ok', n: 1, z: null })).toBeUndefined();
  });
});

describe.each(DB_KINDS)('JSON bodies and query text on %s (issue 15 items 5, 6)', (kind) => {
  let t: TestApp;
  let memberId: number;
  let as: ReturnType<typeof requestsAs>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const { member, cookie } = await buildMember(t.app, { plan: 'business' });
    memberId = member.id;
    as = requestsAs(t.app, cookie);
  });
  afterAll(() => t?.close());

  const postRaw = (url: string, payload: string) =>
    as.send({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

  it('refuses settings nested 5,000 deep (a 10 KB body) with a 400, keeping the stored settings', async () => {
    expect((await as.post('/api/members/settings', { theme: 'dark' })).statusCode).toBe(200);
    const res = await postRaw('/api/members/settings', deep(5000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The JSON is nested too deeply (at most 64 levels).', code: 'too_deep' });
    const [row] = await t.app.db.select().from(memberSettings).where(eq(memberSettings.userId, memberId));
    expect(row?.data).toEqual({ theme: 'dark' });
  });

  it('takes 64 levels and refuses 65', async () => {
    expect((await postRaw('/api/members/settings', deep(64, 'a'))).statusCode).toBe(200);
    expect((await postRaw('/api/members/settings', deep(65, 'a'))).json().code).toBe('too_deep');
  });

  it('refuses a NUL character in a text field with a 400 naming it, writing nothing', async () => {
    const keyword = await as.post('/api/members/add-keywords', { keyword: 'coffee\u0000beans' });
    expect(keyword.statusCode).toBe(400);
    expect(keyword.json()).toMatchObject({ code: 'invalid_text', field: 'keyword' });
    expect(keyword.json().error).toMatch(/^keyword: the text holds a NUL character/);
    expect(await t.app.db.select().from(memberKeywords).where(eq(memberKeywords.userId, memberId))).toEqual([]);

    const unsubscribe = await as.send({
      method: 'DELETE',
      url: '/api/notify/app/webpush',
      payload: { endpoint: 'https://push.example/\u0000' },
    });
    expect(unsubscribe.statusCode).toBe(400);
    expect(unsubscribe.json()).toMatchObject({ code: 'invalid_text', field: 'endpoint' });
    expect(await t.app.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('refuses a lone surrogate, which jsonb cannot store, the same way', async () => {
    const res = await postRaw('/api/members/settings', '{"tts":{"words":[{"from":"\\ud800"}]}}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_text', field: 'tts.words.0.from' });
  });

  it('refuses a NUL character in the query string or a path value', async () => {
    const load = await as.get('/api/members/projects/load?name=%00');
    expect(load.statusCode).toBe(400);
    expect(load.json()).toMatchObject({ code: 'invalid_text', field: 'name' });
    const search = await as.get('/api/queries/search/image%00/pixabay?q=cat');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ code: 'invalid_text', field: 'type' });
  });

  it('refuses ids past PostgreSQL integers with a 400 naming the field', async () => {
    for (const url of [
      '/api/members/queue-video/status?qid=2147483648',
      '/api/members/projects/load?id=2147483648',
      '/api/members/transcribe?id=99999999999',
    ]) {
      const res = await as.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toMatch(/id is too large\.$/);
    }
    const update = await as.post('/api/members/queue-video/update', { qid: 2_147_483_648, newEmail: 'a@b.test' });
    expect(update.json()).toMatchObject({ code: 'invalid_input', field: 'qid', error: 'qid: Render id is too large.' });
  });

  it('keeps refusing prototype poisoning, empty and broken bodies as Fastify did', async () => {
    const poisoned = await postRaw('/api/members/settings', '{"__proto__":{"admin":true}}');
    expect(poisoned.json()).toEqual({ error: 'The request body is not valid JSON.', code: 'bad_json' });
    const viaConstructor = await postRaw('/api/members/settings', '{"constructor":{"prototype":{"admin":true}}}');
    expect(viaConstructor.json().code).toBe('bad_json');
    expect((await postRaw('/api/members/settings', '{')).json().code).toBe('bad_json');
    const empty = await postRaw('/api/members/settings', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('The request body is empty; send a JSON object.');
  });
});
