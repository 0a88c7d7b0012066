import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { testConfig } from '../../test/helpers';
import { type App, buildApp } from '../app';
import { probeMedia } from '../ffmpeg/probe';
import { saveProject } from '../projects/service';
import { smallProject, waitFor } from './fixtures';
import { queueRender, renderStatus } from './service';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
/** Short enough that the dead worker's job expires within the test; long enough for one render. */
const TIMEOUT_SECONDS = 20;

/**
 * DESIGN §9: a worker killed mid-render leaves the job to be retried. Worker processes need
 * PostgreSQL (a PGlite folder is one process's), so this runs there only.
 */
describe('a render worker killed mid-render', () => {
  let app: App;
  let drop = async () => {};
  let env: Record<string, string>;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase(inject('postgresUrl'));
    drop = created.drop;
    const config = testConfig({
      DATABASE_URL: created.url,
      RENDER_WORKERS_IN_PROCESS: '0',
      RENDER_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      RENDER_CHECK_SECONDS: '1',
    });
    env = {
      DATABASE_URL: created.url,
      DATA_DIR: config.dataDir,
      LOG_LEVEL: 'silent',
      RENDER_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      RENDER_CHECK_SECONDS: '1',
    };
    app = await buildApp(config, { logger: false });
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await app?.close();
    await drop();
  });

  const startWorker = () => {
    const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'worker'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    workers.push(worker);
    return worker;
  };

  it('has its job picked up by the next worker, which writes the whole MP4', { timeout: 180_000 }, async () => {
    const { member, cookie } = await buildMember(app);
    const data = smallProject(12);
    data.video.size = { width: 640, height: 360 };
    const project = await saveProject(app.db, {
      userId: member.id,
      input: { name: 'Long', category: 'project', data_json: JSON.stringify(data) },
    });
    const queued = await queueRender(app.db, app.queue, {
      userId: member.id,
      email: member.email,
      projectId: project.id,
      settings: { timeoutSeconds: TIMEOUT_SECONDS, fps: 30 },
    });
    const read = () => renderStatus(app.db, { userId: member.id, renderJobId: queued.id });

    const first = startWorker();
    const rendering = await waitFor(read, (row) => row.status === 'rendering' && row.progress > 0, 60_000);
    expect(rendering.status).toBe('rendering');
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    expect((await read()).status).toBe('rendering');
    // The killed attempt's partial MP4 is never served: nothing is stored, the lookup says 'rendering'.
    const lookup = () => app.inject({ url: `/api/members/videos/download?pid=${project.id}`, headers: { cookie } });
    expect((await lookup()).body).toBe('rendering');
    const renders = path.join(env.DATA_DIR as string, 'files', 'renders');
    expect(existsSync(renders) ? readdirSync(renders) : []).toEqual([]);
    const work = path.join(env.DATA_DIR as string, 'tmp', 'renders');

    startWorker();
    const row = await waitFor(read, (r) => r.status === 'done' || r.status === 'failed', 150_000);
    expect(row).toMatchObject({ status: 'done', error: null });
    expect(row.outputPath).toBe(`renders/${queued.publicId}.mp4`);
    const output = path.join(env.DATA_DIR as string, 'files', row.outputPath as string);
    expect(existsSync(output)).toBe(true);
    // The retry cleared the dead attempt's partial file, and the lookup now serves the whole MP4.
    expect(existsSync(work) ? readdirSync(work) : []).toEqual([]);
    expect((await lookup()).body).toMatch(new RegExp(`/videos/${queued.publicId}\\.mp4\\?download=1$`));
    const probe = await probeMedia(output, { countFrames: true });
    expect(probe.duration).toBeCloseTo(12, 0);
    expect(probe.streams.find((s) => s.type === 'video')?.frames).toBe(360);
  });
});
