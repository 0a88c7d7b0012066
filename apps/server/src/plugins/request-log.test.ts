import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openTestDatabase, testConfig } from '../../test/helpers';
import { type App, buildApp } from '../app';
import { redactUrl } from './request-log';

const KEY = `rw_${'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6'}`;

describe('credentials in request URLs (issue 31 finding 8)', () => {
  it.each([
    [`/api/v1/videos?api_key=${KEY}&page=2`, '/api/v1/videos?api_key=[REDACTED]&page=2'],
    [`/api/members/settings?key=${KEY}`, '/api/members/settings?key=[REDACTED]'],
    ['/x?token=abc&access_token=def&q=coffee', '/x?token=[REDACTED]&access_token=[REDACTED]&q=coffee'],
    ['/x?API-Key=secret1&X_Api_Key=secret2', '/x?API-Key=[REDACTED]&X_Api_Key=[REDACTED]'],
    ['/x?api%5Fkey=secret', '/x?api%5Fkey=[REDACTED]'],
    [`/x?q=${KEY}`, '/x?q=[REDACTED]'],
    [`/x/${KEY}/y`, '/x/[REDACTED]/y'],
    [
      '/api/members/video-site/callback?state=s&code=4%2F0Ab',
      '/api/members/video-site/callback?state=s&code=[REDACTED]',
    ],
    ['/api/members/projects?pid=3&keyword=rw_', '/api/members/projects?pid=3&keyword=rw_'],
    ['/app.html', '/app.html'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe.each(DB_KINDS)('the request log on %s', (kind) => {
  let app: App;
  let drop: () => Promise<void>;
  const lines: string[] = [];
  beforeAll(async () => {
    const database = await openTestDatabase(kind);
    drop = database.drop;
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), {
      database: database.database,
      logger: { level: 'info', stream },
    });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('keeps no API key sent in a query string, valid or not', async () => {
    const res = await app.inject({ url: `/api/members/settings?api_key=${KEY}&x_api_key=hunter2` });
    expect(res.statusCode).toBe(401);
    const logged = lines.filter((line) => line.includes('/api/members/settings'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('')).toContain('api_key=[REDACTED]&x_api_key=[REDACTED]');
    expect(lines.join('')).not.toContain(KEY);
    expect(lines.join('')).not.toContain('hunter2');
  });
});
