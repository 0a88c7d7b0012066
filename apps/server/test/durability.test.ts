import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CURRENT_SCHEMA_VERSION,
  createFrame,
  createTextItem,
  hashDocument,
  type ProjectData,
  ProjectDataSchema,
  upgradeProjectData,
} from '@reelwright/core';
import { createTestDatabase, type ServerProcess, startServerProcess } from '@reelwright/testkit';
import { createPatch } from 'rfc6902';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DB_KINDS } from './helpers';

/** Concurrent writers, each owning one project it saves and patches in turn. */
const WRITERS = 12;
/** Acknowledged writes to wait for before the kill, so it lands with requests in flight. */
const ACKS_BEFORE_KILL = 80;

/** A document of a few tens of KB, different for every writer and step, in its stored (parsed) form. */
function buildDocument(writer: number, step: number): ProjectData {
  const frames = Array.from({ length: 24 }, (_, f) =>
    createFrame(`w${writer}-f${f}`, {
      duration: 3 + (step % 5),
      items: Array.from({ length: 4 }, (_, i) =>
        createTextItem(
          `w${writer}-f${f}-i${i}`,
          `Writer ${writer}, step ${step}, frame ${f}, item ${i}: ${'words '.repeat(8)}`,
        ),
      ),
    }),
  );
  return ProjectDataSchema.parse({
    schemaVersion: CURRENT_SCHEMA_VERSION,
    wizard: { keyword: `writer ${writer} step ${step}`, slides: [{ id: 's1', text: `step ${step}` }] },
    video: { frames },
  });
}

/** What a project may hold after the kill: its last acknowledged document, or the one in flight. */
type Expectation = { acked: ProjectData; inFlight: ProjectData | null };

/** A member's HTTP calls against a running server; any answer but 200 throws. */
function memberClient(server: ServerProcess, cookie: string) {
  const call = async (method: 'GET' | 'POST', route: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api/members/projects/${route}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (res.status !== 200) throw new UnexpectedAnswer(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  return {
    save: (body: Record<string, unknown>) => call('POST', 'save', body) as Promise<{ id: number; hash: string }>,
    patch: (body: Record<string, unknown>) => call('POST', 'patch', body) as Promise<{ id: number; hash: string }>,
    load: (id: number) => call('GET', `load?id=${id}`) as Promise<{ data_json: string; hash: string }>,
    all: () => call('GET', 'all') as Promise<{ id: number }[]>,
  };
}

/** A non-200 answer: a real failure, unlike the network errors the kill causes. */
class UnexpectedAnswer extends Error {}

describe.each(DB_KINDS)('durability across a kill on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rw-durability-'));
  const servers: ServerProcess[] = [];
  let dropDatabase = async () => {};
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged save and patch, each with a valid document and a matching hash', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    if (kind === 'postgres') {
      // Only the app process is killed; the test cluster keeps running. It runs with fsync=off,
      // which is fine here: committed pages sit in PostgreSQL's buffers and the OS page cache,
      // which a process kill does not lose (a power cut would).
      const database = await createTestDatabase(inject('postgresUrl'));
      dropDatabase = database.drop;
      env.DATABASE_URL = database.url;
    }
    const first = await startServerProcess(env);
    servers.push(first);

    const signup = await fetch(`${first.url}/api/members/access/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `durable-${kind}@example.test` }),
    });
    expect(signup.status, await signup.clone().text()).toBe(200);
    const sessionCookie = signup.headers.getSetCookie().find((c) => c.startsWith('rw_session='));
    expect(sessionCookie).toBeDefined();
    const cookie = (sessionCookie as string).split(';')[0] as string;

    const api = memberClient(first, cookie);
    const expectations = new Map<number, Expectation>();
    const unexpected: Error[] = [];
    let acks = 0;
    let killed = false;

    /** One tab: creates its project, then alternates patches and full saves, plus extra new projects. */
    const writer = async (w: number) => {
      let base = buildDocument(w, 0);
      const created = await api.save({ name: `writer ${w}`, data_json: JSON.stringify(base) });
      const mine: Expectation = { acked: base, inFlight: null };
      expectations.set(created.id, mine);
      acks++;
      for (let step = 1; !killed; step++) {
        const next = buildDocument(w, step);
        if (step % 5 === 0) {
          const extra = await api.save({ name: `writer ${w} extra ${step}`, data_json: JSON.stringify(next) });
          expectations.set(extra.id, { acked: next, inFlight: null });
        } else {
          mine.inFlight = next;
          if (step % 2 === 1) {
            const diff = JSON.stringify(createPatch(base, next));
            await api.patch({ id: created.id, diff, hash: await hashDocument(next) });
          } else {
            await api.save({ id: created.id, data_json: JSON.stringify(next) });
          }
          Object.assign(mine, { acked: next, inFlight: null });
          base = next;
        }
        acks++;
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) =>
      writer(w).catch((error: Error) => {
        if (error instanceof UnexpectedAnswer || !killed) unexpected.push(error);
      }),
    );

    const deadline = Date.now() + 60_000;
    while (acks < ACKS_BEFORE_KILL && unexpected.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    killed = true;
    await first.stop('SIGKILL');
    await Promise.all(writers);
    expect(unexpected.map((error) => error.message)).toEqual([]);
    expect(acks).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    const second = await startServerProcess(env);
    servers.push(second);
    const after = memberClient(second, cookie);

    for (const [id, expectation] of expectations) {
      const loaded = await after.load(id);
      const data = JSON.parse(loaded.data_json);
      const allowed = [expectation.acked, expectation.inFlight].filter(Boolean);
      expect(allowed, `project ${id}`).toContainEqual(data);
    }
    const stored = await after.all();
    expect(stored.length).toBeGreaterThanOrEqual(expectations.size);
    for (const { id } of stored) {
      const loaded = await after.load(id);
      const data = JSON.parse(loaded.data_json);
      expect(upgradeProjectData(data).ok, `project ${id} is a valid document`).toBe(true);
      expect(await hashDocument(data), `project ${id} hash`).toBe(loaded.hash);
    }
    await second.stop('SIGTERM');
  }, 120_000);
});
