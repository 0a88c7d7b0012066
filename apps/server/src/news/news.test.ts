import { createTestDatabase } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildMember, requestsAs } from '../../test/factories';
import { DB_KINDS, testConfig } from '../../test/helpers';
import { runAdmin } from '../admin';
import { type App, buildApp } from '../app';

const URL = '/api/members/access/news';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DB_KINDS)('news on %s', (kind) => {
  let app: App;
  let drop = async () => {};
  const exitCodes: number[] = [];

  // The admin command opens the configured database itself, so the items are added before the
  // app opens it (PGlite allows one opener of a folder at a time).
  beforeAll(async () => {
    const created = kind === 'postgres' ? await createTestDatabase(inject('postgresUrl')) : undefined;
    if (created) drop = created.drop;
    const config = testConfig(created ? { DATABASE_URL: created.url } : {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const add = async (...args: string[]) => {
      exitCodes.push(await runAdmin(config, ['add-news', ...args]));
      await pause(5); // distinct creation times
    };
    await add('First news', 'https://example.test/1');
    await add('Second news');
    await add('Third news', 'https://example.test/3');
    await add('Third news', 'https://example.test/3');
    exitCodes.push(await runAdmin(config, ['add-news', 'Bad link', 'javascript:alert(1)']));
    vi.restoreAllMocks();
    app = await buildApp(config, { logger: false });
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('lists items newest first, each added once', async () => {
    expect(exitCodes).toEqual([0, 0, 0, 0, 2]);
    const me = requestsAs(app, (await buildMember(app)).cookie);
    const res = await me.get(URL);
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items.map((item: { text: string }) => item.text)).toEqual(['Third news', 'Second news', 'First news']);
    expect(items[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      text: 'Third news',
      url: 'https://example.test/3',
      created_at: expect.any(String),
    });
    expect(items[1].url).toBe('');
  });

  it('refuses visitors with a 401', async () => {
    expect((await requestsAs(app).get(URL)).statusCode).toBe(401);
  });
});
