import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { createQueueWithDeadLetter } from '../plugins/queue';
import { RenderChunkJob } from '../renders/chunk-job';
import {
  handBackJobsOfDeadWorkers,
  handBackUnlistedJobs,
  startWorkerRegistry,
  WORKER_ID,
  type WorkerRegistry,
} from './service';
import { workerHeartbeats } from './tables';

/**
 * D87: worker heartbeats on the app's database. The rows of other processes are written here as
 * those processes would write them; split-workers.test.ts kills real worker processes.
 */
describe.each(DB_KINDS)('worker heartbeats on %s', (kind) => {
  let t: TestApp;
  let registry: WorkerRegistry;

  beforeAll(async () => {
    t = await createTestApp(kind, { RENDER_WORKERS_IN_PROCESS: '0' });
    await RenderChunkJob.prepare(t.app.queue);
    registry = await startWorkerRegistry({
      db: t.app.db,
      boss: t.app.queue,
      chunkSlots: 2,
      heartbeat: { everySeconds: 60, deadSeconds: 20 },
    });
  });
  afterAll(async () => {
    await registry?.stop();
    await t?.close();
  });

  const otherWorker = (id: string, values: Partial<typeof workerHeartbeats.$inferInsert> = {}) =>
    t.app.db.insert(workerHeartbeats).values({ id, chunkSlots: 3, ...values });
  const rowOf = async (id: string) =>
    (await t.app.db.select().from(workerHeartbeats).where(eq(workerHeartbeats.id, id)))[0];

  it('lists the jobs this process holds while it runs them', async () => {
    let during: unknown;
    const job = { id: '00000000-0000-4000-a000-000000000001', name: RenderChunkJob.queue, data: {} };
    await registry.track(
      RenderChunkJob.queue,
      async () => {
        during = (await rowOf(WORKER_ID))?.jobs;
      },
      { slot: true },
    )([job as never]);
    expect(during).toEqual([{ queue: RenderChunkJob.queue, id: job.id, slot: true }]);
    expect((await rowOf(WORKER_ID))?.jobs).toEqual([]);
  });

  it('lists every job of concurrent handlers, whatever order their writes end in', async () => {
    let release = () => {};
    const running = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ids = [2, 3, 4].map((n) => `00000000-0000-4000-a000-00000000000${n}`);
    const handler = registry.track(RenderChunkJob.queue, () => running);
    const handled = ids.map((id) => handler([{ id, name: RenderChunkJob.queue, data: {} } as never]));
    // A stale list written last would stay short for good.
    let listed: string[] | undefined;
    for (const until = Date.now() + 5000; (listed?.length ?? 0) < ids.length && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      listed = (await rowOf(WORKER_ID))?.jobs.map((job) => job.id);
    }
    release();
    await Promise.all(handled);
    expect(listed?.sort()).toEqual(ids);
    expect((await rowOf(WORKER_ID))?.jobs).toEqual([]);
  });

  it('counts the free chunk slots of live workers, less the chunks waiting', async () => {
    expect(await registry.freeSlots(RenderChunkJob.queue)).toBe(2);
    await otherWorker('live:1:a', {
      jobs: [
        { queue: RenderChunkJob.queue, id: 'x', slot: true },
        { queue: 'render-project', id: 'y' },
      ],
    });
    await otherWorker('dead:1:a', { chunkSlots: 5, heartbeatAt: new Date(Date.now() - 60_000) });
    // 2 of this process + 3 of the other live one, one of which a chunk fills.
    expect(await registry.freeSlots(RenderChunkJob.queue)).toBe(4);
    await t.app.queue.send(RenderChunkJob.queue, { renderJobId: 1, index: 0 });
    expect(await registry.freeSlots(RenderChunkJob.queue)).toBe(3);
    await t.app.db.delete(workerHeartbeats).where(eq(workerHeartbeats.id, 'live:1:a'));
  });

  it("hands back a dead worker's jobs, not those another worker started since", async () => {
    const queue = 'test-heartbeat';
    await createQueueWithDeadLetter(t.app.queue, queue, `${queue}-failed`);
    const held = await t.app.queue.send(queue, { n: 1 }, { retryLimit: 2, retryDelay: 0 });
    const [fetched] = await t.app.queue.fetch(queue);
    expect(fetched?.id).toBe(held);
    const later = await t.app.queue.send(queue, { n: 2 }, { retryLimit: 2, retryDelay: 0 });
    // The dead process listed both, its last beat between the two starts.
    await otherWorker('gone:1:a', { jobs: [held, later].map((id) => ({ queue, id: id as string })) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await t.app.queue.fetch(queue);
    await new Promise((resolve) => setTimeout(resolve, 1100));

    expect(await handBackJobsOfDeadWorkers(t.app.db, t.app.queue, 1)).toBe(1);
    expect((await t.app.queue.getJobById(queue, held as string))?.state).toBe('retry');
    expect((await t.app.queue.getJobById(queue, later as string))?.state).toBe('active');
    expect(await rowOf('gone:1:a')).toBeUndefined();
    // This process's own row is never swept, however old.
    expect(await rowOf(WORKER_ID)).toBeDefined();
    // The row is gone: a second sweep hands back nothing twice.
    expect(await handBackJobsOfDeadWorkers(t.app.db, t.app.queue, 1)).toBe(0);
  });

  it('hands back a job whose worker died before listing it, not a listed or a fresh one', async () => {
    const queue = 'test-orphan';
    await createQueueWithDeadLetter(t.app.queue, queue, `${queue}-failed`);
    const orphan = await t.app.queue.send(queue, { n: 1 }, { retryLimit: 2, retryDelay: 0 });
    await t.app.queue.fetch(queue);
    const listed = await t.app.queue.send(queue, { n: 2 }, { retryLimit: 2, retryDelay: 0 });
    await t.app.queue.fetch(queue);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // Another live process lists the second job; a third was just fetched by someone.
    await otherWorker('live:2:a', { jobs: [{ queue, id: listed as string }] });
    const fresh = await t.app.queue.send(queue, { n: 3 }, { retryLimit: 2, retryDelay: 0 });
    await t.app.queue.fetch(queue);

    expect(await handBackUnlistedJobs(t.app.db, t.app.queue, [queue], 1)).toBe(1);
    expect((await t.app.queue.getJobById(queue, orphan as string))?.state).toBe('retry');
    expect((await t.app.queue.getJobById(queue, listed as string))?.state).toBe('active');
    expect((await t.app.queue.getJobById(queue, fresh as string))?.state).toBe('active');
    // A queue whose jobs no heartbeat lists is not this sweep's to judge.
    expect(await handBackUnlistedJobs(t.app.db, t.app.queue, ['render-project'], 1)).toBe(0);
    await t.app.db.delete(workerHeartbeats).where(eq(workerHeartbeats.id, 'live:2:a'));
  });
});
