import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { getOrCreateApiKey } from '../accounts/api-keys';
import { answerOnce } from './idempotency';
import { apiIdempotencyKeys, videoJobs } from './tables';

/** The smallest video request: pasted text, two slides. No worker runs here, so its job stays queued. */
const VIDEO = {
  source: 'text',
  text: 'How Bees Make Honey\n\nBees gather nectar from flowers and fan it until it thickens.',
  keyword: 'bees',
  size: '720p',
  shape: 'square',
  slides: 2,
};
const QUOTA = 3;

/**
 * Issue 31 finding 5: concurrent duplicates of a creating call with one Idempotency-Key do the
 * work once. Five requests at once over real HTTP make one video job, spend one render of the
 * quota and all get the same answer; a refused first call leaves the key free for a retry.
 */
describe.each(DB_KINDS)('idempotency keys under concurrency on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let apiKey: string;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { RENDER_QUOTA_BUSINESS: String(QUOTA), RENDER_WORKERS_IN_PROCESS: '0' });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { member } = await buildMember(t.app, { plan: 'business' });
    userId = member.id;
    apiKey = (await getOrCreateApiKey(t.app.db, { userId })).apiKey ?? '';
  });
  afterAll(async () => {
    await t?.close();
  });

  const createVideo = async (idempotencyKey: string) => {
    const res = await fetch(`${base}/api/v1/videos`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify(VIDEO),
    });
    return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: await res.json() };
  };
  const jobs = () => t.app.db.select().from(videoJobs).where(eq(videoJobs.userId, userId));

  it('makes one video job of five concurrent requests with one key, and answers them all alike', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => createVideo('five-at-once')));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    expect(answers.filter((a) => a.replayed === null)).toHaveLength(1);
    expect(await jobs()).toHaveLength(1);

    // One render of the quota spent: two more keys fit, the third is refused.
    expect((await createVideo('second')).status).toBe(202);
    expect((await createVideo('third')).status).toBe(202);
    const over = await createVideo('fourth');
    expect(over.status).toBe(429);
    expect(over.body.type).toBe('/api/v1/docs#problem-quota_exceeded');
    expect(await jobs()).toHaveLength(QUOTA);
  });

  it('releases the key of a refused call, so concurrent duplicates and a later retry each try again', async () => {
    // The quota is spent: all five are refused, alike, and nothing is kept under the key.
    const refused = await Promise.all(Array.from({ length: 5 }, () => createVideo('after-refusal')));
    expect(refused.map((a) => a.status)).toEqual([429, 429, 429, 429, 429]);
    const kept = await t.app.db
      .select()
      .from(apiIdempotencyKeys)
      .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, 'after-refusal')));
    expect(kept).toEqual([]);

    // One of the videos being made fails, which frees a render: the retry with the same key proceeds.
    const [first] = await jobs();
    await t.app.db
      .update(videoJobs)
      .set({ status: 'failed' })
      .where(eq(videoJobs.id, first?.id ?? 0));
    const retried = await createVideo('after-refusal');
    expect(retried).toMatchObject({ status: 202, replayed: null });
    expect(await jobs()).toHaveLength(QUOTA + 1);
  });

  it('tells a duplicate to retry while the first call outlasts the wait, and takes over an abandoned claim', async () => {
    const call = { userId, key: 'slow', requestHash: 'h1' };
    let finish = () => {};
    const first = answerOnce(t.app.db, call, async () => {
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return { status: 202, body: { id: 1 } };
    });
    await expect
      .poll(() => t.app.db.select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.key, 'slow')))
      .toHaveLength(1);
    await expect(
      answerOnce(t.app.db, call, async () => ({ status: 202, body: { id: 2 } }), { waitMs: 200 }),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'idempotency_in_progress',
    });
    finish();
    expect(await first).toEqual({ answer: { status: 202, body: { id: 1 } }, replayed: false });
    expect(await answerOnce(t.app.db, call, async () => ({ status: 202, body: { id: 3 } }))).toEqual({
      answer: { status: 202, body: { id: 1 } },
      replayed: true,
    });

    // A claim whose process died (no answer, expired) gives way to the next call.
    await t.app.db
      .insert(apiIdempotencyKeys)
      .values({ userId, key: 'abandoned', requestHash: 'h2', expiresAt: new Date(Date.now() - 1000) });
    const next = await answerOnce(t.app.db, { userId, key: 'abandoned', requestHash: 'h2' }, async () => ({
      status: 201,
      body: { ok: true },
    }));
    expect(next).toEqual({ answer: { status: 201, body: { ok: true } }, replayed: false });
  });
});
