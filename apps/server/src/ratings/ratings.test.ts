import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildProjectData, requestsAs } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { videoRatings } from './tables';

describe.each(DB_KINDS)('video rating on %s (spec 001 §7, §9)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function memberWithProject() {
    const { member, cookie } = await buildMember(t.app);
    const as = requestsAs(t.app, cookie);
    const saved = await as.post('/api/members/projects/save', {
      name: 'Rated',
      data_json: JSON.stringify(buildProjectData()),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { member, as, pid: saved.json().id as number };
  }

  const stored = async (userId: number, pid: number) =>
    t.app.db
      .select()
      .from(videoRatings)
      .where(and(eq(videoRatings.userId, userId), eq(videoRatings.projectId, pid)));

  it('keeps feedback at 3 stars or lower and drops it above; a new rating replaces the old', async () => {
    const { member, as, pid } = await memberWithProject();
    const low = await as.post('/api/members/video-rating', { pid, rating: 2, feedback: '  Too fast  ' });
    expect(low.statusCode, low.body).toBe(200);
    expect(low.json()).toEqual({ ok: true });
    expect(await stored(member.id, pid)).toEqual([expect.objectContaining({ rating: 2, feedback: 'Too fast' })]);

    await as.post('/api/members/video-rating', { pid, rating: 5, feedback: 'Great' });
    expect(await stored(member.id, pid)).toEqual([expect.objectContaining({ rating: 5, feedback: null })]);

    await as.post('/api/members/video-rating', { pid: String(pid), rating: 3 });
    expect(await stored(member.id, pid)).toEqual([expect.objectContaining({ rating: 3, feedback: null })]);
  });

  it('refuses visitors, bad ratings, long feedback and projects that are not the member’s', async () => {
    const { as, pid } = await memberWithProject();
    const visitor = await requestsAs(t.app).post('/api/members/video-rating', { pid, rating: 4 });
    expect(visitor.statusCode).toBe(401);

    for (const [body, field] of [
      [{ pid, rating: 0 }, 'rating'],
      [{ pid, rating: 6 }, 'rating'],
      [{ pid, rating: 2.5 }, 'rating'],
      [{ pid }, 'rating'],
      [{ rating: 3 }, 'pid'],
      [{ pid, rating: 1, feedback: 'x'.repeat(2001) }, 'feedback'],
    ] as const) {
      const res = await as.post('/api/members/video-rating', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input', field });
    }

    const other = await memberWithProject();
    const foreign = await as.post('/api/members/video-rating', { pid: other.pid, rating: 4 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found', error: 'Project not found' });
    const missing = await as.post('/api/members/video-rating', { pid: 999_999, rating: 4 });
    expect(missing.statusCode).toBe(404);
  });
});
