import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { RenderChunkJob } from '../renders/chunk-job';
import { RenderProjectJob } from '../renders/job';
import { startWorkerRegistry, type WorkerRegistry } from './service';

const TOKEN = 'metrics-token-0123456789abcdef';

/** D87: `GET /metrics`, the queue's depth and ages in Prometheus text, for the operator only. */
describe.each(DB_KINDS)('the queue metrics on %s', (kind) => {
  let t: TestApp;
  let registry: WorkerRegistry;

  beforeAll(async () => {
    // No worker takes the jobs, so they stay where the test puts them.
    t = await createTestApp(kind, { RENDER_WORKERS_IN_PROCESS: '0', METRICS_TOKEN: TOKEN });
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

  const scrape = (authorization?: string) =>
    t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers only the operator token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', TOKEN, `Basic ${TOKEN}`]) {
      const response = await scrape(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthorized' });
      expect(response.body).not.toContain('reelwright_');
    }
  });

  it('gives depth, deferred, active, oldest age and live workers per queue', async () => {
    const queue = RenderProjectJob.queue;
    for (const renderJobId of [1, 2, 3]) {
      await RenderProjectJob.enqueue(t.app.queue, { renderJobId }, { timeoutSeconds: 60 });
    }
    await t.app.queue.send(queue, { renderJobId: 4 }, { startAfter: 600 });
    const [running] = await t.app.queue.fetch(queue);
    expect(running).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 1200));

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const parsed = parsePrometheusTextFormat(response.body);
    const value = (name: string, labels?: Record<string, string>) => {
      const family = parsed.find((m) => m.name === name);
      expect(family?.type, name).toBe('GAUGE');
      expect(family?.help, name).not.toBe('');
      const sample = family?.metrics.find((m) => JSON.stringify(m.labels ?? {}) === JSON.stringify(labels ?? {}));
      return Number(sample?.value);
    };
    expect(value('reelwright_queue_depth', { queue })).toBe(2);
    expect(value('reelwright_queue_deferred', { queue })).toBe(1);
    expect(value('reelwright_queue_active', { queue })).toBe(1);
    expect(value('reelwright_queue_oldest_age_seconds', { queue })).toBeGreaterThanOrEqual(1);
    expect(value('reelwright_queue_oldest_age_seconds', { queue })).toBeLessThan(60);
    // An empty queue is listed with zeros, so a scaler sees it drain.
    expect(value('reelwright_queue_depth', { queue: RenderChunkJob.queue })).toBe(0);
    expect(value('reelwright_queue_oldest_age_seconds', { queue: RenderChunkJob.queue })).toBe(0);
    expect(value('reelwright_workers_alive')).toBe(1);
    expect(value('reelwright_worker_chunk_slots')).toBe(2);
    expect(value('reelwright_worker_chunk_slots_busy')).toBe(0);
  });
});

describe('the queue metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { RENDER_WORKERS_IN_PROCESS: '0' });
  });
  afterAll(() => t?.close());

  it('are not served at all', async () => {
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('reelwright_');
  });
});
