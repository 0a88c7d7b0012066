import { hashDocument, type ProjectData } from '@reelwright/core';
import { createTestDatabase, type ServerProcess, startServerProcess, terminateConnections } from '@reelwright/testkit';
import { createPatch } from 'rfc6902';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildProjectData } from './factories';

/** Members saving at once, each from one tab. */
const WRITERS = 10;
/** Times every connection is cut while they save, and the pause between cuts. */
const CUTS = 5;
const CUT_INTERVAL_MS = 150;
const RETRY_MESSAGE = 'The database is briefly unavailable. Please try again in a moment.';

/** A document different for every writer and step. */
function buildDocument(writer: number, step: number): ProjectData {
  return buildProjectData({
    wizard: { keyword: `writer ${writer} step ${step}`, slides: [] },
  });
}

/** What one project may hold: its last acknowledged document, or one sent after it that failed. */
type Expectation = { cookie: string; acked: ProjectData; unsure: ProjectData[] };

type Answer = { status: number; body: Record<string, unknown>; retryAfter: string | null };

describe('PostgreSQL dropping connections while members save', () => {
  let server: ServerProcess | undefined;
  let dropDatabase = async () => {};
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await dropDatabase();
  });

  it('answers 503 with a retry message, keeps every acknowledged save, and serves on', async () => {
    const database = await createTestDatabase(inject('postgresUrl'));
    dropDatabase = database.drop;
    const running = await startServerProcess({ DATABASE_URL: database.url, LOG_LEVEL: 'fatal' });
    server = running;

    const call = async (cookie: string, route: string, body: unknown): Promise<Answer> => {
      const res = await fetch(`${running.url}/api/members/projects/${route}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') };
    };
    const signup = async (email: string) => {
      const res = await fetch(`${running.url}/api/members/access/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const session = res.headers.getSetCookie().find((c) => c.startsWith('rw_session='));
      return (session as string).split(';')[0] as string;
    };
    const cookies = await Promise.all(Array.from({ length: WRITERS }, (_, w) => signup(`cut-${w}@example.test`)));

    const expectations = new Map<number, Expectation>();
    const refusals: Answer[] = [];
    const unexpected: string[] = [];
    let acks = 0;
    let cutting = true;

    /**
     * Records an answer for the project it was meant for: an acknowledgement replaces what the
     * project holds, a 503 adds a document it may hold (the commit may have happened before the
     * connection was cut), anything else is a failure of the test.
     */
    const settle = (cookie: string, answer: Answer, document: ProjectData, expectation: Expectation | undefined) => {
      if (answer.status === 200) {
        acks++;
        const id = answer.body.id as number;
        const settled = expectation ?? expectations.get(id) ?? { cookie, acked: document, unsure: [] };
        Object.assign(settled, { acked: document, unsure: [] });
        expectations.set(id, settled);
        return true;
      }
      if (answer.status === 503) {
        refusals.push(answer);
        expectation?.unsure.push(document);
        return false;
      }
      unexpected.push(`${answer.status} ${JSON.stringify(answer.body)}`);
      return false;
    };

    /** One tab: a project it patches and saves by turns, and the member's reserved project. */
    const writer = async (w: number) => {
      const cookie = cookies[w] as string;
      const first = buildDocument(w, 0);
      const created = await call(cookie, 'save', { name: `writer ${w}`, data_json: JSON.stringify(first) });
      if (!settle(cookie, created, first, undefined)) return;
      const id = created.body.id as number;
      const mine = expectations.get(id) as Expectation;
      let base: ProjectData | null = first;
      let reserved: Expectation | undefined;
      for (let step = 1; cutting && unexpected.length === 0; step++) {
        const next = buildDocument(w, step);
        if (step % 3 === 0) {
          // A transaction of its own: the upsert of the member's single reserved project.
          const answer = await call(cookie, 'save', { category: 'reserved', data_json: JSON.stringify(next) });
          settle(cookie, answer, next, reserved);
          if (answer.status === 200) reserved = expectations.get(answer.body.id as number);
        } else if (step % 3 === 1 && base) {
          // Autosave: a diff applied under a row lock, in a transaction.
          const diff = JSON.stringify(createPatch(base, next));
          const answer = await call(cookie, 'patch', { id, diff, hash: await hashDocument(next) });
          base = settle(cookie, answer, next, mine) ? next : null;
        } else {
          // A full save, which the client also falls back to once it no longer knows the base.
          const answer = await call(cookie, 'save', { id, data_json: JSON.stringify(next) });
          base = settle(cookie, answer, next, mine) ? next : null;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) =>
      writer(w).catch((error: Error) => {
        unexpected.push(`writer ${w}: ${error.message}`);
      }),
    );

    const deadline = Date.now() + 30_000;
    while (acks < WRITERS * 4 && unexpected.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    let terminated = 0;
    for (let cut = 0; cut < CUTS; cut++) {
      terminated += await terminateConnections(database.url);
      await new Promise((resolve) => setTimeout(resolve, CUT_INTERVAL_MS));
    }
    cutting = false;
    await Promise.all(writers);

    expect(unexpected, running.output()).toEqual([]);
    expect(running.child.exitCode, 'the server process is still running').toBeNull();
    expect(terminated).toBeGreaterThan(0);
    // The cuts landed on requests in flight, and each of those was refused with the retry answer.
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) {
      expect(refusal.body).toEqual({ error: RETRY_MESSAGE, code: 'unavailable' });
      expect(Number(refusal.retryAfter)).toBeGreaterThan(0);
    }

    // Every acknowledged save is stored whole; a refused one may have landed, nothing in between.
    const load = async (cookie: string, id: number) => {
      const res = await fetch(`${running.url}/api/members/projects/load?id=${id}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      return (await res.json()) as { data_json: string; hash: string };
    };
    for (const [id, expectation] of expectations) {
      const loaded = await load(expectation.cookie, id);
      const data = JSON.parse(loaded.data_json);
      expect([expectation.acked, ...expectation.unsure], `project ${id}`).toContainEqual(data);
      expect(await hashDocument(data), `project ${id} hash`).toBe(loaded.hash);
    }

    // The pool has reconnected: every member saves again at once.
    const health = await fetch(`${running.url}/healthz`);
    expect(health.status).toBe(200);
    const after = await Promise.all(
      [...expectations].map(async ([id, { cookie }]) => {
        const document = buildDocument(id, 1_000);
        const answer = await call(cookie, 'save', { id, data_json: JSON.stringify(document) });
        return { id, cookie, document, answer };
      }),
    );
    for (const { id, cookie, document, answer } of after) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(JSON.parse((await load(cookie, id)).data_json)).toEqual(document);
    }
  }, 90_000);
});
