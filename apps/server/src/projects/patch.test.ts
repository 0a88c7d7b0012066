import {
  createFrame,
  createTextItem,
  FrameSchema,
  hashDocument,
  type ProjectData,
  ProjectDataSchema,
} from '@reelwright/core';
import { eq, sql } from 'drizzle-orm';
import { createPatch, type Operation } from 'rfc6902';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildMember, buildProjectData, requestsAs } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { projects } from './tables';

const P = '/api/members/projects';

describe.each(DB_KINDS)('project patches on %s', (kind) => {
  let t: TestApp;
  let me: ReturnType<typeof requestsAs>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    me = requestsAs(t.app, (await buildMember(t.app)).cookie);
  });
  afterAll(() => t.close());

  /** A fresh project as a tab holds it after loading: id, document and hash. */
  const openProject = async (data = buildProjectData()) => {
    const saved = (await me.post(`${P}/save`, { name: 'Patched', data_json: JSON.stringify(data) })).json();
    return { id: saved.id as number, data, hash: saved.hash as string };
  };
  const load = async (id: number) => {
    const loaded = (await me.get(`${P}/load?id=${id}`)).json();
    return { data: JSON.parse(loaded.data_json) as ProjectData, hash: loaded.hash as string };
  };
  /** What a tab sends for an edit: the diff from its base and the hash of the state it reaches. */
  const edit = async (base: ProjectData, change: (draft: ProjectData) => void) => {
    const next = structuredClone(base);
    change(next);
    return { next, diff: JSON.stringify(createPatch(base, next)), hash: await hashDocument(next) };
  };
  const patch = (id: number, diff: string | Operation[], hash: string) =>
    me.post(`${P}/patch`, { id, diff: typeof diff === 'string' ? diff : JSON.stringify(diff), hash });

  it('applies a patch whose result matches the hash', async () => {
    const project = await openProject();
    const change = await edit(project.data, (d) => {
      d.wizard.keyword = 'espresso';
      d.video.frames.push(createFrame('f2'));
    });
    const res = await patch(project.id, change.diff, change.hash);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: project.id, name: 'Patched', hash: change.hash });
    expect(await load(project.id)).toEqual({ data: change.next, hash: change.hash });
  });

  it('accepts passing test operations and an empty patch', async () => {
    const project = await openProject();
    const ops: Operation[] = [
      { op: 'test', path: '/wizard/keyword', value: 'coffee, beans' },
      { op: 'replace', path: '/wizard/keyword', value: 'tea' },
    ];
    const expected = structuredClone(project.data);
    expected.wizard.keyword = 'tea';
    expect((await patch(project.id, ops, await hashDocument(expected))).statusCode).toBe(200);
    expect((await patch(project.id, '[]', await hashDocument(expected))).statusCode).toBe(200);
  });

  describe('refusals leave the stored project as it was', () => {
    let project: Awaited<ReturnType<typeof openProject>>;
    beforeAll(async () => {
      project = await openProject();
    });
    afterAll(async () => {
      expect(await load(project.id)).toEqual({ data: project.data, hash: project.hash });
    });

    it('a wrong hash is a 409 hash_mismatch', async () => {
      const change = await edit(project.data, (d) => {
        d.wizard.keyword = 'changed';
      });
      const res = await patch(project.id, change.diff, project.hash);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('hash_mismatch');
    });

    it.each<[string, Operation[], RegExp]>([
      ['a missing path', [{ op: 'remove', path: '/wizard/nothing' }], /operation 0 \(remove \/wizard\/nothing\)/],
      [
        'a failing test after a good operation',
        [
          { op: 'replace', path: '/wizard/keyword', value: 'x' },
          { op: 'test', path: '/video/size/width', value: 1 },
        ],
        /operation 1 \(test \/video\/size\/width\)/,
      ],
      ['a path through a string', [{ op: 'add', path: '/wizard/keyword/deeper', value: 1 }], /operation 0/],
      ['an index past the end', [{ op: 'add', path: '/video/frames/7', value: { id: 'x' } }], /operation 0/],
      ['replacing the whole document', [{ op: 'replace', path: '', value: {} }], /operation 0/],
    ])('a patch with %s is a 409 patch_failed naming the operation', async (_, ops, message) => {
      const res = await patch(project.id, ops, project.hash);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'patch_failed', error: expect.stringMatching(message) });
    });

    it.each([
      ['not JSON', '[{'],
      ['not an array', '{"op":"remove","path":"/wizard"}'],
      ['an unknown operation', '[{"op":"merge","path":"/wizard"}]'],
      ['an operation without its value', '[{"op":"add","path":"/wizard/x"}]'],
      ['a path that is not a pointer', '[{"op":"remove","path":"wizard"}]'],
      ['a prototype key', '[{"op":"add","path":"/wizard/__proto__","value":{"polluted":true}}]'],
    ])('a diff that is %s is a 400 bad_patch', async (_, diff) => {
      const res = await patch(project.id, diff, project.hash);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'bad_patch', field: 'diff' });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('a result that is not a valid project is a 400', async () => {
      const ops: Operation[] = [{ op: 'replace', path: '/video/frames', value: 'none' }];
      const res = await patch(project.id, ops, project.hash);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid_document',
        error: expect.stringMatching(/^diff: video\.frames/),
      });
    });

    it.each([
      ['a missing hash', { diff: '[]' }, 'hash'],
      ['a hash that is not hex SHA-256', { diff: '[]', hash: 'abc' }, 'hash'],
      ['a diff of the wrong type', { diff: [], hash: 'a'.repeat(64) }, 'diff'],
    ])('%s is a 400 naming the field', async (_, body, field) => {
      const res = await me.post(`${P}/patch`, { id: project.id, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input', field });
    });
  });

  it('refuses the second of two tabs patching from the same base', async () => {
    const project = await openProject();
    const tabA = await edit(project.data, (d) => {
      d.wizard.keyword = 'from tab A';
    });
    const tabB = await edit(project.data, (d) => {
      d.video.frames[0]!.id = 'from tab B';
    });
    expect((await patch(project.id, tabA.diff, tabA.hash)).statusCode).toBe(200);
    const second = await patch(project.id, tabB.diff, tabB.hash);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('hash_mismatch');
    expect(await load(project.id)).toEqual({ data: tabA.next, hash: tabA.hash });
  });

  it('lets exactly one of many simultaneous patches from the same base win', async () => {
    const project = await openProject();
    const tabs = await Promise.all(
      ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((tab) =>
        edit(project.data, (d) => {
          d.wizard.keyword = `tab ${tab}`;
          d.video.frames.push(createFrame(`frame ${tab}`));
        }),
      ),
    );
    const answers = await Promise.all(tabs.map((tab) => patch(project.id, tab.diff, tab.hash)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = tabs[answers.findIndex((res) => res.statusCode === 200)]!;
    expect(await load(project.id)).toEqual({ data: winner.next, hash: winner.hash });
  });

  describe('what an autosave costs (issue 31)', () => {
    /** Calls of `method` on `target` during `run`; the calls go through (this watches, it does not stub). */
    const countCalls = async <T extends object>(target: T, method: keyof T & string, run: () => Promise<void>) => {
      const spy = vi.spyOn(target, method as never);
      try {
        await run();
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    /** Sends `count` autosaves in a row, each the last one's base, as the editor does. */
    const autosaves = async (project: Awaited<ReturnType<typeof openProject>>, count: number) => {
      let base = project.data;
      for (let n = 1; n <= count; n++) {
        const change = await edit(base, (d) => {
          d.wizard.keyword = `autosave ${n}`;
        });
        const res = await patch(project.id, change.diff, change.hash);
        expect(res.statusCode, res.body).toBe(200);
        base = change.next;
      }
    };

    it('validates and hashes with no transaction open: one read, then one guarded write', async () => {
      const project = await openProject();
      const transactions = await countCalls(t.app.db, 'transaction', () => autosaves(project, 3));
      expect(transactions).toBe(0);
    });

    it('asks the queue for a poster once per burst of autosaves, not once per save', async () => {
      const project = await openProject(); // the save asks for the project's poster in 5 s
      const asks = await countCalls(t.app.queue, 'send', () => autosaves(project, 6));
      expect(asks).toBe(0);
      // The one waiting job draws the newest document when it starts.
      const waiting = (await t.app.db.execute(
        sql`select data from pgboss.job where name = 'project-thumbnail' and singleton_key = ${String(project.id)} and state = 'created'`,
      )) as { rows: { data: unknown }[] };
      expect(waiting.rows).toEqual([{ data: { projectId: project.id } }]);
    });
  });

  describe('the document this process kept (D100)', () => {
    /** Types into the slide's text, as an autosave of the editor carries it. */
    const typeLine = (words: string) => (d: ProjectData) => {
      const item = d.video.frames[0]!.items[0]!;
      if (item.type !== 'text') throw new Error('expected the text item');
      item.paragraphs[0]!.runs[0]!.text = words;
    };

    it('patches the kept document: a slide edit validates that slide, not the whole document', async () => {
      const project = await openProject(); // a full save keeps what it stored
      const frames = vi.spyOn(FrameSchema, 'safeParse');
      const documents = vi.spyOn(ProjectDataSchema, 'safeParse');
      let base = project.data;
      let hash = project.hash;
      try {
        for (const words of ['H', 'He', 'Hey']) {
          const change = await edit(base, typeLine(words));
          expect((await patch(project.id, change.diff, change.hash)).statusCode).toBe(200);
          base = change.next;
          hash = change.hash;
        }
        expect(documents).not.toHaveBeenCalled();
        expect(frames).toHaveBeenCalledTimes(3);
      } finally {
        frames.mockRestore();
        documents.mockRestore();
      }
      expect(await load(project.id)).toEqual({ data: base, hash });
    });

    it('reads the stored document when another server saved it since', async () => {
      const project = await openProject();
      // Another server process stores a version this one did not keep.
      const elsewhere = await edit(project.data, (d) => {
        d.wizard.keyword = 'saved elsewhere';
        d.video.frames[0]!.items.push(createTextItem('i2', 'Added elsewhere'));
      });
      await t.app.db
        .update(projects)
        .set({ data: elsewhere.next, dataHash: elsewhere.hash })
        .where(eq(projects.id, project.id));
      const change = await edit(elsewhere.next, typeLine('Typed here'));
      const res = await patch(project.id, change.diff, change.hash);
      expect(res.statusCode, res.body).toBe(200);
      expect(await load(project.id)).toEqual({ data: change.next, hash: change.hash });
    });

    it("stamps the project's update time: an autosave moves it to the top of the list", async () => {
      const older = await openProject();
      const newer = await openProject();
      const change = await edit(older.data, typeLine('Autosaved'));
      const before = Date.now();
      expect((await patch(older.id, change.diff, change.hash)).statusCode).toBe(200);
      const list = (await me.get(`${P}/all`)).json() as { id: number; updated_at: string }[];
      expect(list.map((row) => row.id).slice(0, 2)).toEqual([older.id, newer.id]);
      const stamped = Date.parse(list[0]!.updated_at);
      expect(stamped).toBeGreaterThanOrEqual(before - 1);
      expect(stamped).toBeLessThanOrEqual(Date.now() + 1);
    });

    it('keeps it as stored when a patch is refused: the next patch applies to what was stored', async () => {
      const project = await openProject();
      const refused = await edit(project.data, (d) => {
        d.video.frames[0]!.items.push(createTextItem('i2', 'Never stored'));
      });
      expect((await patch(project.id, refused.diff, project.hash)).statusCode).toBe(409);
      const invalid = await patch(
        project.id,
        [{ op: 'replace', path: '/video/frames/0/duration', value: -1 }],
        project.hash,
      );
      expect(invalid.statusCode).toBe(400);
      const change = await edit(project.data, typeLine('Stored'));
      const res = await patch(project.id, change.diff, change.hash);
      expect(res.statusCode, res.body).toBe(200);
      expect(await load(project.id)).toEqual({ data: change.next, hash: change.hash });
    });
  });
});
