import { createTestDatabase } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { requestsAs } from '../../test/factories';
import { DB_KINDS, testConfig } from '../../test/helpers';
import { runAdmin } from '../admin';
import { type App, buildApp } from '../app';
import { tutorialProblem } from './service';

const URL = '/api/queries/tutorials';

describe('tutorial rules', () => {
  const ok = { title: 'Your first video', url: '/media/uploads/a.mp4', group: 'Intro' };
  it('takes site paths and http(s) addresses, the four groups, and the two names', () => {
    expect(tutorialProblem(ok)).toBeNull();
    expect(tutorialProblem({ ...ok, url: 'https://videos.example/a.mp4', name: 'first' })).toBeNull();
    expect(tutorialProblem({ ...ok, title: '  ' })).toBe('A tutorial needs a title.');
    expect(tutorialProblem({ ...ok, group: 'Misc' })).toBe(
      'The group must be one of: Intro, Business, Advanced, Other.',
    );
    expect(tutorialProblem({ ...ok, url: 'javascript:alert(1)' })).toMatch(/video address/);
    expect(tutorialProblem({ ...ok, url: '//evil.example/a.mp4' })).toMatch(/video address/);
    expect(tutorialProblem({ ...ok, name: 'last' })).toBe("The name must be 'first' or 'intro'.");
    expect(tutorialProblem({ ...ok, thumbnailUrl: 'data:image/png;base64,AAAA' })).toMatch(/thumbnail/);
  });
});

describe.each(DB_KINDS)('tutorials on %s', (kind) => {
  let app: App;
  let drop = async () => {};
  const exitCodes: number[] = [];

  // The admin commands open the configured database themselves, before the app does (PGlite
  // allows one opener of a folder at a time).
  beforeAll(async () => {
    const created = kind === 'postgres' ? await createTestDatabase(inject('postgresUrl')) : undefined;
    if (created) drop = created.drop;
    const config = testConfig(created ? { DATABASE_URL: created.url } : {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const admin = async (...args: string[]) => exitCodes.push(await runAdmin(config, args));
    await admin('add-tutorial', 'Advanced', 'Keyframes', '/media/uploads/keyframes.mp4');
    await admin('add-tutorial', 'Intro', 'Your first video', '/media/uploads/first.mp4', '--name', 'first');
    await admin('add-tutorial', 'Intro', 'Publishing', 'https://videos.example/publish.mp4', '--thumbnail', '/t.jpg');
    await admin('add-tutorial', 'Intro', 'Doomed', '/media/uploads/doomed.mp4');
    await admin('add-tutorial', 'Misc', 'Wrong group', '/media/uploads/x.mp4');
    await admin('add-tutorial', 'Other', 'Script', 'javascript:alert(1)');
    await admin('remove-tutorial', '4');
    await admin('remove-tutorial', '4');
    await admin('remove-tutorial', 'four');
    vi.restoreAllMocks();
    app = await buildApp(config, { logger: false });
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('adds, refuses and removes as the operator asks', () => {
    expect(exitCodes).toEqual([0, 0, 0, 0, 2, 2, 0, 1, 2]);
  });

  it('lists them to everyone, by group in the popup’s order, then in playlist order', async () => {
    const res = await requestsAs(app).get(URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: 2,
        title: 'Your first video',
        url: '/media/uploads/first.mp4',
        group: 'Intro',
        name: 'first',
        thumbnail_url: null,
      },
      {
        id: 3,
        title: 'Publishing',
        url: 'https://videos.example/publish.mp4',
        group: 'Intro',
        name: null,
        thumbnail_url: '/t.jpg',
      },
      {
        id: 1,
        title: 'Keyframes',
        url: '/media/uploads/keyframes.mp4',
        group: 'Advanced',
        name: null,
        thumbnail_url: null,
      },
    ]);
  });
});
