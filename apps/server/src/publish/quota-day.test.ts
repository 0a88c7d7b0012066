import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildProjectData } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { saveProject } from '../projects/service';
import { renderJobs } from '../renders/tables';

const QUOTA = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 31 finding 3: the quota's day is the UTC day, which no request can move. A member whose
 * renders of today were queued just after midnight UTC sends every `tz_offset` there is (one
 * that would start "their" day after those renders, one that would reach into yesterday) and
 * gets the same count each time, and no render beyond the quota.
 */
describe.each(DB_KINDS)('the daily quota on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { RENDER_QUOTA_FREE: String(QUOTA), RENDER_WORKERS_IN_PROCESS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts on the UTC day, whatever tz_offset a request sends', async () => {
    const { member, cookie } = await buildMember(t.app);
    const project = await saveProject(t.app.db, {
      userId: member.id,
      input: { name: 'Day', category: 'project', data_json: JSON.stringify(buildProjectData()) },
    });
    const now = Date.now();
    const utcMidnight = now - (now % DAY_MS);
    // Today's renders at 00:00:00 UTC, and one of yesterday a millisecond before.
    const render = (at: number) => ({
      userId: member.id,
      projectId: project.id,
      dataHash: randomUUID(),
      publicId: randomUUID(),
      status: 'done' as const,
      createdAt: new Date(at),
    });
    await t.app.db.insert(renderJobs).values([render(utcMidnight), render(utcMidnight), render(utcMidnight - 1)]);

    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie, 'sec-fetch-site': 'same-origin' }, payload });
    // The minutes since midnight UTC (at most 840): an offset whose local midnight came after today's renders.
    const movedPastThem = Math.min(840, Math.max(1, Math.floor((now - utcMidnight) / 60_000)));
    for (const offset of [-840, -120, 0, movedPastThem, 840]) {
      // The login of another browser stores its offset on the member, too.
      await call('POST', '/api/members/access/info', { tz_offset: offset });
      const quota = (await call('GET', `/api/members/quota?tz_offset=${offset}`)).json();
      expect(quota, `tz_offset ${offset}`).toMatchObject({
        used: QUOTA,
        remaining: 0,
        resetsAt: new Date(utcMidnight + DAY_MS).toISOString(),
      });
      expect(quota.error).toContain('midnight UTC');
      // The offset only words the renewal on the member's clock: UTC+2 sees 02:00.
      if (offset === -120) expect(quota.error).toContain('at midnight UTC (02:00 your time).');
      const queued = await call('POST', '/api/members/queue-video', {
        pid: project.id,
        email: 'q@example.test',
        tz_offset: offset,
      });
      expect(queued.statusCode, `tz_offset ${offset}`).toBe(429);
      expect(queued.json().code).toBe('quota_exceeded');
    }
    expect((await call('GET', '/api/members/quota')).json()).toMatchObject({ used: QUOTA, remaining: 0 });
  });
});
