import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildProjectData, requestsAs } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { BODY_LIMITS } from '../body-limits';

type Answer = { status: number; body: string };

/**
 * Starts a POST over real HTTP and writes `chunks` of it without ever ending the body: the
 * answer can only come from a server that refused the body before reading all of it.
 */
function postUnfinished(
  port: number,
  path: string,
  headers: Record<string, string | number>,
  chunks: string[],
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
        request.destroy();
      });
    });
    request.on('error', reject);
    for (const chunk of chunks) request.write(chunk);
  });
}

describe.each(DB_KINDS)('body limits on %s (issue 15 item 5)', (kind) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  const visitorMessage = 'Without a session a request may send at most 64 KB. Log in and try again.';
  const nestedChunk = '{"data_json":'.repeat(4096);

  it("refuses a visitor's 8 MB body by its declared length, before reading any of it", async () => {
    const res = await postUnfinished(
      port,
      '/api/members/projects/save',
      { 'content-type': 'application/json', 'content-length': 8 * 1024 * 1024 },
      [nestedChunk],
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: visitorMessage, code: 'too_large' });
  });

  it("stops reading a visitor's chunked body as soon as it passes the visitor limit", async () => {
    const chunks = Array.from({ length: 20 }, () => nestedChunk); // about 1 MB, never finished
    const res = await postUnfinished(
      port,
      '/api/members/projects/save',
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      chunks,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: visitorMessage, code: 'too_large' });
  });

  it('lets a visitor send small bodies to public routes', async () => {
    const res = await requestsAs(t.app).post('/api/members/access/info', { tz_offset: 0 });
    expect(res.statusCode).toBe(200);
  });

  it('holds each route to its own limit: kilobytes by default, megabytes for a project', async () => {
    const { cookie } = await buildMember(t.app);
    const as = requestsAs(t.app, cookie);
    const padding = 'x'.repeat(BODY_LIMITS.default);
    const update = await as.post('/api/members/access/update', { name: padding });
    expect(update.statusCode).toBe(413);
    expect(update.json()).toEqual({ error: 'This call takes at most 64 KB of data.', code: 'too_large' });
    const settings = await as.post('/api/members/settings', { note: 'x'.repeat(BODY_LIMITS.large) });
    expect(settings.json()).toEqual({ error: 'This call takes at most 1 MB of data.', code: 'too_large' });
    // A text to speak is no recording, though its route sits beside the recordings'.
    const speech = await as.post('/api/queries/tts', { text: 'x'.repeat(BODY_LIMITS.large) });
    expect(speech.json()).toEqual({ error: 'This call takes at most 1 MB of data.', code: 'too_large' });

    // A 2 MB project still saves for a member.
    const data = buildProjectData();
    data.wizard.keyword = 'x'.repeat(2 * 1024 * 1024);
    const save = await as.post('/api/members/projects/save', { category: 'project', data_json: JSON.stringify(data) });
    expect(save.statusCode, save.body).toBe(200);
  });
});
