import { BUILT_IN_PRESETS } from '@reelwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, requestsAs } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { MEMBER_PRESETS_MAX } from './schemas';

const style = { bg: { type: 'color', color: '#123456' }, fontFamily: 'Inter', color: '#ffffff' };
const settings = { layout: 'text_on_left', animate: true };

describe.each(DB_KINDS)('presets on %s (spec 001 §3, §7)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the built-in presets to a visitor and refuses them a save', async () => {
    const visitor = requestsAs(t.app);
    const list = await visitor.get('/api/members/presets/list');
    expect(list.statusCode).toBe(200);
    expect(list.json().presets.map((p: { id: string }) => p.id)).toEqual(BUILT_IN_PRESETS.map((p) => p.id));
    const save = await visitor.post('/api/members/presets/save', { name: 'Mine', style, settings });
    expect(save.statusCode).toBe(401);
    expect(save.json()).toMatchObject({ code: 'unauthorized' });
  });

  it("saves a member's preset, lists it after the built-ins and replaces it by name", async () => {
    const { cookie } = await buildMember(t.app);
    const as = requestsAs(t.app, cookie);
    const first = await as.post('/api/members/presets/save', { name: '  Brand  ', style, settings });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json();
    expect(saved).toMatchObject({ id: expect.stringMatching(/^member-\d+$/), name: 'Brand' });
    expect(saved.data_json.style).toMatchObject(style);
    expect(saved.data_json.settings).toMatchObject(settings);

    const again = await as.post('/api/members/presets/save', {
      name: 'Brand',
      style: { ...style, color: '#ff0000' },
      settings,
    });
    expect(again.json().id).toBe(saved.id);
    await as.post('/api/members/presets/save', { name: 'Second', style, settings });

    const presets = (await as.get('/api/members/presets/list')).json().presets as {
      id: string;
      name: string;
      data_json: { style: { color: string } };
    }[];
    expect(presets.slice(0, BUILT_IN_PRESETS.length).map((p) => p.id)).toEqual(BUILT_IN_PRESETS.map((p) => p.id));
    const own = presets.slice(BUILT_IN_PRESETS.length);
    expect(own.map((p) => p.name)).toEqual(['Brand', 'Second']);
    expect(own[0]?.data_json.style.color).toBe('#ff0000');

    // Another member sees only the built-ins.
    const other = await buildMember(t.app);
    const theirs = (await requestsAs(t.app, other.cookie).get('/api/members/presets/list')).json().presets;
    expect(theirs).toHaveLength(BUILT_IN_PRESETS.length);
  });

  it('refuses an empty or long name and a bad style or settings, storing nothing', async () => {
    const { cookie } = await buildMember(t.app);
    const as = requestsAs(t.app, cookie);
    for (const [body, field, message] of [
      [{ name: '   ', style, settings }, 'name', /Give the preset a name/],
      [{ style, settings }, 'name', /Give the preset a name/],
      [{ name: 'x'.repeat(81), style, settings }, 'name', /at most 80/],
      [{ name: 'Bad', style: 'red', settings }, 'style', /.+/],
      [{ name: 'Bad', style, settings: { animate: 'yes' } }, 'settings.animate', /.+/],
    ] as const) {
      const res = await as.post('/api/members/presets/save', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input', field, error: expect.stringMatching(message) });
    }
    const list = (await as.get('/api/members/presets/list')).json().presets;
    expect(list).toHaveLength(BUILT_IN_PRESETS.length);
  });

  it(`keeps at most ${MEMBER_PRESETS_MAX} presets a member, but a known name still saves`, async () => {
    const { cookie } = await buildMember(t.app);
    const as = requestsAs(t.app, cookie);
    for (let i = 0; i < MEMBER_PRESETS_MAX; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) =>
        as.post('/api/members/presets/save', { name: `P${i + j}`, style, settings }),
      );
      for (const res of await Promise.all(batch)) expect(res.statusCode).toBe(200);
    }
    const over = await as.post('/api/members/presets/save', { name: 'One too many', style, settings });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'too_many_presets', field: 'name' });
    const replace = await as.post('/api/members/presets/save', { name: 'P7', style, settings });
    expect(replace.statusCode).toBe(200);
    const list = (await as.get('/api/members/presets/list')).json().presets;
    expect(list).toHaveLength(BUILT_IN_PRESETS.length + MEMBER_PRESETS_MAX);
  });
});
