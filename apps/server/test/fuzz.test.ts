import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrCreateApiKey, rotateApiKey } from '../src/accounts/api-keys';
import { createSession, findMemberByApiKey, findMemberBySession, SESSION_COOKIE } from '../src/accounts/sessions';
import { saveProject } from '../src/projects/service';
import { buildMember, buildProjectData } from './factories';
import {
  type Caller,
  type FuzzRequest,
  type FuzzTarget,
  injectOptions,
  knownCases,
  requestArbitrary,
} from './fuzz/requests';
import { changedTables, rowSnapshotter } from './fuzz/rows';
import { createTestApp, DB_KINDS, type TestApp } from './helpers';

/**
 * Sends malformed bodies, queries, path values and cookies to every route of the app's own
 * route table, as a visitor and as a signed-in member, and holds every answer to the rules of
 * DESIGN §9: never a 5xx, never a stack trace or a path of this machine in a body, and a refused
 * request (4xx) writes nothing. Repeatable: a fixed seed (FUZZ_SEED to change it, FUZZ_RUNS for
 * more cases per route and caller); a failure names the route, the seed and the request.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 15);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);

/**
 * Routes left out, and why: HEAD routes are Fastify's copies of the GET routes (same handler,
 * same hooks), so the GET route stands for both. Nothing else is left out.
 */
const skipped = (target: FuzzTarget) => target.method === 'HEAD';

/**
 * A stack frame, an error's class printed, a folder of this machine, or the path of a deeply
 * nested value echoed back (`a.a.a…`, `0.0.0…`: a hostile value's path can be any length).
 */
const LEAKS = /\n\s+at |\bat [\w$.<>]+ \(|\b\w*Error: |\/(work|tmp|root|home|usr)\/|node_modules|(\.(a|0)){16}/;

/**
 * Tables a refused request may write by design, left out of the check: those whose job is to
 * record refusals. `access_throttles` counts wrong passwords and codes to slow down guessing.
 */
const RECORDS_REFUSALS = new Set(['access_throttles']);

describe.each(DB_KINDS)('fuzzing every route (%s)', (kind) => {
  let t: TestApp;
  let caller: { kind: 'member'; cookie: string; bearer: string };
  let ids: number[];
  let memberId: number;

  beforeAll(async () => {
    // A tiny built web app, so its static files are fuzzed too (paths out of the folder, odd names).
    const webDist = mkdtempSync(path.join(tmpdir(), 'rw-fuzz-web-'));
    writeFileSync(path.join(webDist, 'app.html'), '<!doctype html><title>app</title>');
    // No outside service is configured (keyless engines off, no Google client): nothing leaves this machine.
    t = await createTestApp(kind, {
      RENDER_WORKERS_IN_PROCESS: '0',
      MEDIA_KEYLESS: '0',
      ARTICLES_KEYLESS: '0',
      WEB_DIST: webDist,
      // The operator's queue metrics exist only with a token: set, so `GET /metrics` is fuzzed too.
      METRICS_TOKEN: 'fuzz-metrics-token-0123456789',
    });
    const { member, cookie } = await buildMember(t.app, { plan: 'business' });
    memberId = member.id;
    const bearer = (await getOrCreateApiKey(t.app.db, { userId: member.id })).apiKey ?? '';
    caller = { kind: 'member', cookie, bearer };
    const other = await buildMember(t.app);
    const own = await saveProject(t.app.db, { userId: member.id, input: { category: 'project', data_json: json() } });
    const theirs = await saveProject(t.app.db, {
      userId: other.member.id,
      input: { category: 'project', data_json: json() },
    });
    // Real ids (the member's and someone else's) beside the edge cases, so requests reach real rows.
    ids = [own.id, theirs.id, member.id, other.member.id, 1, 2_147_483_647];
  });
  afterAll(() => t?.close());

  it(
    'answers every route without a 5xx, a trace or a path, and a refused request changes nothing',
    async () => {
      const snapshot = await rowSnapshotter(t.app.db, RECORDS_REFUSALS);
      // The check itself: a write between two snapshots shows.
      const quiet = await snapshot();
      await saveProject(t.app.db, { userId: memberId, input: { id: ids[0], category: 'project', data_json: json() } });
      expect(changedTables(quiet, await snapshot())).toEqual(['projects']);
      const targets = t.app.routeTable
        .flatMap((route) => [route.method].flat().map((method) => ({ method, url: route.url, schema: route.schema })))
        .filter((target) => !skipped(target));
      expect(targets.length).toBeGreaterThan(60);
      let before = await snapshot();
      let sent = 0;
      const failures: string[] = [];

      for (const target of targets) {
        for (const who of [{ kind: 'visitor' } as Caller, caller]) {
          const started = Date.now();
          const check = async (request: FuzzRequest) => {
            const res = await t.app.inject(injectOptions(request));
            sent++;
            expectClearAnswer(request, res);
            if (who.kind === 'member' && res.statusCode < 400) await keepSignedIn(who);
            const after = await snapshot();
            if (res.statusCode >= 400) {
              expect(
                changedTables(before, after),
                `${describeRequest(request)} → ${res.statusCode} changed rows`,
              ).toEqual([]);
            }
            before = after;
          };
          const examples = knownCases(target, who).map((request) => [request] as [FuzzRequest]);
          const property = fc.asyncProperty(requestArbitrary(target, who, ids), check);
          // Examples count towards numRuns: each route gets its fixed cases and RUNS random ones.
          const numRuns = examples.length + RUNS;
          const outcome = await fc.check(property, { seed: SEED, numRuns, examples, endOnFailure: true });
          if (outcome.failed) {
            failures.push(`${target.method} ${target.url} as ${who.kind}: ${outcome.errorInstance}`);
            // A failure leaves rows behind: start the next route from what is there now.
            before = await snapshot();
          }
          if (process.env.FUZZ_PROFILE)
            console.log(`${Date.now() - started} ms ${target.method} ${target.url} ${who.kind}`);
        }
      }
      expect(failures, `seed ${SEED} (FUZZ_SEED); each failure names its request`).toEqual([]);
      expect(sent).toBeGreaterThan(targets.length * 2 * RUNS);
    },
    240_000 * Math.max(1, RUNS / 6),
  );

  /**
   * After a request that may have ended the member's session (logout, a password change) or
   * revoked their API key (zapier/rotate, zapier/revoke), a new one.
   */
  async function keepSignedIn(member: { cookie: string; bearer: string }) {
    if (!(await findMemberByApiKey(t.app.db, member.bearer))) {
      member.bearer = (await rotateApiKey(t.app.db, { userId: memberId })).apiKey ?? '';
    }
    const token = member.cookie.slice(SESSION_COOKIE.length + 1);
    if (await findMemberBySession(t.app.db, token)) return;
    const fresh = await createSession(t.app.db, { userId: memberId, ttlMs: t.app.config.sessionTtlMs });
    member.cookie = `${SESSION_COOKIE}=${fresh}`;
  }
});

const json = () => JSON.stringify(buildProjectData());

function describeRequest(request: FuzzRequest): string {
  const body = request.body === undefined ? '' : ` body ${JSON.stringify(request.body.slice(0, 200))}`;
  return `${request.method} ${request.url.slice(0, 300)}${body}`;
}

/**
 * No 5xx but 501 `not_configured` (this app configures no outside service, and a feature that
 * needs one says so); no trace or path in any text answer; an API refusal is `{ error, code }`,
 * and one of the public API `/api/v1` is problem details (D72).
 */
function expectClearAnswer(request: FuzzRequest, res: LightMyRequestResponse) {
  const where = `${describeRequest(request)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode === 501) expect(res.json(), where).toMatchObject({ code: 'not_configured' });
  else expect(res.statusCode, where).toBeLessThan(500);
  const type = String(res.headers['content-type'] ?? '');
  if (/json|text|html/.test(type)) expect(res.body, where).not.toMatch(LEAKS);
  if (res.statusCode >= 400 && request.url.startsWith('/api/v1/')) {
    expect(type, where).toContain('application/problem+json');
    expect(res.json(), where).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      status: res.statusCode,
      detail: expect.any(String),
    });
  } else if (res.statusCode >= 400 && request.url.startsWith('/api/')) {
    expect(res.json(), where).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  }
}
