import { CURRENT_SCHEMA_VERSION, hashDocument, PROJECT_MAX_BYTES } from '@reelwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildProjectData, requestsAs } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';

const P = '/api/members/projects';

describe.each(DB_KINDS)('project calls on %s', (kind) => {
  let t: TestApp;
  let me: ReturnType<typeof requestsAs>;
  let other: ReturnType<typeof requestsAs>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    me = requestsAs(t.app, (await buildMember(t.app)).cookie);
    other = requestsAs(t.app, (await buildMember(t.app)).cookie);
  });
  afterAll(() => t.close());

  const save = async (as: ReturnType<typeof requestsAs>, body: Record<string, unknown>) => {
    const res = await as.post(`${P}/save`, { data_json: JSON.stringify(buildProjectData()), ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; name: string; hash: string };
  };
  const listIds = async (as = me) => ((await as.get(`${P}/all`)).json() as { id: number }[]).map((p) => p.id);

  it('refuses visitors with a 401 on every call', async () => {
    const visitor = requestsAs(t.app);
    const calls = [
      visitor.get(`${P}/load?id=1`),
      visitor.get(`${P}/all`),
      visitor.post(`${P}/save`, { data_json: '{}' }),
      visitor.post(`${P}/patch`, { id: 1, diff: '[]', hash: 'a'.repeat(64) }),
      visitor.post(`${P}/rename`, { id: 1, title: 'x' }),
      visitor.post(`${P}/remove`, { id: 1 }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });

  it('saves a new project and loads it back with the same hash', async () => {
    const data = buildProjectData();
    const saved = await save(me, { name: 'Coffee', data_json: JSON.stringify(data), data: null });
    expect(saved).toEqual({ id: expect.any(Number), name: 'Coffee', hash: await hashDocument(data) });

    const res = await me.get(`${P}/load?id=${saved.id}`);
    expect(res.statusCode).toBe(200);
    const loaded = res.json();
    expect(loaded).toMatchObject({
      id: saved.id,
      name: 'Coffee',
      title: 'Coffee',
      category: 'project',
      tutorial: false,
    });
    expect(JSON.parse(loaded.data_json)).toEqual(data);
    expect(loaded.hash).toBe(saved.hash);
    expect(await hashDocument(JSON.parse(loaded.data_json))).toBe(saved.hash);
  });

  it('replaces a project by id, keeping the fields left out', async () => {
    const first = await save(me, { name: 'Tea', title: 'Tea title', thumbnail: 'https://img.test/t.png' });
    const data = buildProjectData({ wizard: { keyword: 'green tea', slides: [] } });
    const second = await save(me, { id: first.id, data_json: JSON.stringify(data) });
    expect(second).toEqual({ id: first.id, name: 'Tea', hash: await hashDocument(data) });
    const loaded = (await me.get(`${P}/load?id=${first.id}`)).json();
    expect(loaded).toMatchObject({ title: 'Tea title', thumbnail: 'https://img.test/t.png' });
    expect(JSON.parse(loaded.data_json).wizard.keyword).toBe('green tea');
  });

  it('upgrades an old document without schemaVersion on save', async () => {
    const old = { wizard: { keyword: 'old' } };
    const saved = await save(me, { name: 'Old', data_json: JSON.stringify(old) });
    const stored = JSON.parse((await me.get(`${P}/load?id=${saved.id}`)).json().data_json);
    expect(stored).toMatchObject({
      schemaVersion: CURRENT_SCHEMA_VERSION,
      wizard: { keyword: 'old', slides: [] },
      video: { frames: [] },
    });
    expect(await hashDocument(stored)).toBe(saved.hash);
  });

  it('keeps one reserved project per member, out of the list', async () => {
    const fresh = requestsAs(t.app, (await buildMember(t.app)).cookie);
    const missing = await fresh.get(`${P}/load?reserved=1`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');

    const a = await save(fresh, { category: 'reserved', name: 'Scratch' });
    const data = buildProjectData({ wizard: { keyword: 'second', slides: [] } });
    const b = await save(fresh, { category: 'reserved', data_json: JSON.stringify(data) });
    expect(b.id).toBe(a.id);
    const loaded = (await fresh.get(`${P}/load?reserved=true`)).json();
    expect(loaded).toMatchObject({ id: a.id, category: 'reserved', name: 'Scratch' });
    expect(JSON.parse(loaded.data_json)).toEqual(data);
    expect(await listIds(fresh)).toEqual([]);

    const normal = await save(fresh, { name: 'Normal' });
    const wrongId = await fresh.post(`${P}/save`, { id: normal.id, category: 'reserved', data_json: '{}' });
    expect(wrongId.statusCode).toBe(404);
  });

  it('loads by name the newest project with that name', async () => {
    await save(me, { name: 'Twin' });
    const newer = await save(me, { name: 'Twin' });
    const res = await me.get(`${P}/load?name=${encodeURIComponent(' Twin ')}`);
    expect(res.json().id).toBe(newer.id);
    expect((await me.get(`${P}/load?name=Nobody`)).statusCode).toBe(404);
  });

  it('lists the member’s projects newest updated first', async () => {
    const fresh = requestsAs(t.app, (await buildMember(t.app)).cookie);
    const one = await save(fresh, { name: 'One' });
    const two = await save(fresh, { name: 'Two' });
    await save(fresh, { id: one.id });
    const res = await fresh.get(`${P}/all`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([one.id, two.id]);
    expect(list[0]).toEqual({
      id: one.id,
      name: 'One',
      title: 'One',
      category: 'project',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      thumbnail: null,
    });
  });

  it('renames and removes a project', async () => {
    const saved = await save(me, { name: 'Before' });
    const renamed = await me.post(`${P}/rename`, { id: saved.id, title: '  After  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: saved.id, name: 'After', title: 'After', message: 'Project renamed' });
    expect((await me.get(`${P}/load?id=${saved.id}`)).json()).toMatchObject({ name: 'After', title: 'After' });

    const removed = await me.post(`${P}/remove`, { id: String(saved.id) });
    expect(removed.json()).toEqual({ id: saved.id, message: 'Project deleted' });
    expect((await me.get(`${P}/load?id=${saved.id}`)).statusCode).toBe(404);
    expect((await me.post(`${P}/remove`, { id: saved.id })).statusCode).toBe(404);
  });

  it('answers an unknown id and another member’s id with the same 404, changing nothing', async () => {
    const theirs = await save(other, { name: 'Theirs' });
    const theirData = (await other.get(`${P}/load?id=${theirs.id}`)).json();
    const unknownId = 2_000_000_000;
    for (const id of [theirs.id, unknownId]) {
      const answers = [
        await me.get(`${P}/load?id=${id}`),
        await me.post(`${P}/save`, { id, data_json: JSON.stringify(buildProjectData()) }),
        await me.post(`${P}/patch`, { id, diff: '[]', hash: theirs.hash }),
        await me.post(`${P}/rename`, { id, title: 'Mine now' }),
        await me.post(`${P}/remove`, { id }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Project not found', code: 'not_found' });
      }
    }
    expect((await other.get(`${P}/load?id=${theirs.id}`)).json()).toEqual(theirData);
    expect(await listIds(me)).not.toContain(theirs.id);
  });

  describe('bad input writes nothing', () => {
    let before: number[];
    beforeAll(async () => {
      before = await listIds();
    });
    afterAll(async () => {
      expect(await listIds()).toEqual(before);
    });

    it.each([
      ['no selector', ''],
      ['two selectors', '?id=1&name=x'],
      ['a non-numeric id', '?id=abc'],
      ['an id beyond the id range', '?id=99999999999'],
      ['an unknown reserved value', '?reserved=yes'],
    ])('load with %s is a 400', async (_, query) => {
      const res = await me.get(`${P}/load${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    });

    it.each([
      ['missing data_json', {}, 'data_json'],
      ['data_json of the wrong type', { data_json: { wizard: {} } }, 'data_json'],
      ['a name of the wrong type', { name: 5, data_json: '{}' }, 'name'],
      ['an unknown category', { category: 'tutorial', data_json: '{}' }, 'category'],
      ['a name too long', { name: 'x'.repeat(201), data_json: '{}' }, 'name'],
    ])('save with %s is a 400 naming the field', async (_, body, field) => {
      const res = await me.post(`${P}/save`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input', field });
    });

    it.each([
      ['not JSON', '{nope', 'bad_json', /^data_json is not valid JSON/],
      ['an array', '[1,2]', 'invalid_document', /^data_json: Project data must be an object/],
      [
        'a wrong field type',
        '{"schemaVersion":1,"wizard":{},"video":{"frames":"x"}}',
        'invalid_document',
        /^data_json: video\.frames: /,
      ],
      ['a newer schema version', '{"schemaVersion":99,"wizard":{},"video":{}}', 'invalid_document', /newer version/],
      [
        'a NUL character',
        JSON.stringify(buildProjectData({ wizard: { keyword: 'a\u0000b', slides: [] } })),
        'invalid_document',
        /wizard\.keyword: .*NUL/,
      ],
      [
        'a lone surrogate',
        JSON.stringify(buildProjectData({ wizard: { keyword: 'a\ud800', slides: [] } })),
        'invalid_document',
        /surrogate/,
      ],
      [
        'a number out of range',
        '{"schemaVersion":1,"wizard":{"n":1e400},"video":{}}',
        'invalid_document',
        /wizard\.n: number out of range/,
      ],
    ])('save with data_json that is %s is a 400', async (_, dataJson, code, message) => {
      const res = await me.post(`${P}/save`, { name: 'Bad', data_json: dataJson });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code, field: 'data_json', error: expect.stringMatching(message) });
    });

    it('refuses a request body over the limit with a JSON 413', async () => {
      const res = await me.post(`${P}/save`, { data_json: 'x'.repeat(PROJECT_MAX_BYTES + 70 * 1024) });
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('too_large');
    });

    it('refuses a document over the limit with a 413', async () => {
      const padding = 'x'.repeat(PROJECT_MAX_BYTES);
      const dataJson = JSON.stringify(buildProjectData({ wizard: { keyword: padding, slides: [] } }));
      const res = await me.post(`${P}/save`, { data_json: dataJson });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'too_large', error: expect.stringContaining('limit') });
    });
  });
});
