import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildProjectData, requestsAs } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { findMemberBySession, SESSION_COOKIE } from '../accounts/sessions';
import { apiKeys } from '../accounts/tables';
import { saveProject } from '../projects/service';
import { projects } from '../projects/tables';
import { ttsUsage } from '../speech/tables';
import { CROSS_SITE_MESSAGE } from './same-origin';

/** What a browser adds to a request another site started (a link, an image, a form). */
const CROSS_SITE = { 'sec-fetch-site': 'cross-site' };
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const refused = { error: CROSS_SITE_MESSAGE, code: 'cross_site' };

describe.each(DB_KINDS)('state-changing GETs on %s (issue 15 item 10)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const signedIn = async (cookie: string) =>
    (await findMemberBySession(t.app.db, cookie.slice(SESSION_COOKIE.length + 1))) !== null;
  const logout = (cookie: string, headers: Record<string, string>) =>
    requestsAs(t.app, cookie).send({ method: 'GET', url: '/api/members/access/logout', headers });

  describe('logout', () => {
    it("refuses another site's link and keeps the member signed in", async () => {
      const { cookie } = await buildMember(t.app);
      const res = await logout(cookie, CROSS_SITE);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refused);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await signedIn(cookie)).toBe(true);
      // A page of a sibling subdomain is another origin too.
      expect((await logout(cookie, { 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
      expect(await signedIn(cookie)).toBe(true);
    });

    it("works from the app's own menu and from a typed address or bookmark", async () => {
      const fromMenu = await buildMember(t.app);
      expect((await logout(fromMenu.cookie, SAME_ORIGIN)).statusCode).toBe(302);
      expect(await signedIn(fromMenu.cookie)).toBe(false);
      const typed = await buildMember(t.app);
      expect((await logout(typed.cookie, { 'sec-fetch-site': 'none' })).statusCode).toBe(302);
      expect(await signedIn(typed.cookie)).toBe(false);
    });

    it('falls back to Origin or Referer in browsers without Fetch metadata', async () => {
      const { cookie } = await buildMember(t.app);
      expect((await logout(cookie, { origin: 'https://evil.example' })).statusCode).toBe(403);
      expect((await logout(cookie, { referer: 'https://evil.example/page' })).statusCode).toBe(403);
      expect((await logout(cookie, { origin: 'null' })).statusCode).toBe(403);
      // Neither: another site can strip its Referer, so this is refused too.
      expect((await logout(cookie, {})).statusCode).toBe(403);
      expect(await signedIn(cookie)).toBe(true);
      // The app's pages send their own address (Referrer-Policy: same-origin).
      expect((await logout(cookie, { referer: `${t.config.publicUrl}/app.html` })).statusCode).toBe(302);
      expect(await signedIn(cookie)).toBe(false);
    });

    it('tells browsers to send a Referer to the app itself only', async () => {
      const res = await t.app.inject({ url: '/api/config' });
      expect(res.headers['referrer-policy']).toBe('same-origin');
    });
  });

  describe('speech allowance', () => {
    const speakUrl = (pid: number) =>
      `/api/queries/tts?voiceId=espeak:en-us&lang=en-US&pid=${pid}&text=${encodeURIComponent('Ten seconds of my allowance.')}`;

    it("spends nothing at another site's link; the app's own call speaks", async () => {
      const { member, cookie } = await buildMember(t.app);
      const project = await saveProject(t.app.db, {
        userId: member.id,
        input: { category: 'project', data_json: JSON.stringify(buildProjectData()) },
      });
      const as = requestsAs(t.app, cookie);
      const usage = () => t.app.db.select().from(ttsUsage).where(eq(ttsUsage.userId, member.id));

      const crossSite = await as.send({ url: speakUrl(project.id), headers: CROSS_SITE });
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.json()).toEqual(refused);
      expect(await usage()).toEqual([]);

      const own = await as.send({ url: speakUrl(project.id), headers: SAME_ORIGIN });
      expect(own.statusCode, own.body).toBe(200);
      expect(await usage()).toHaveLength(1);
    });

    it('still lists voices for any page: that spends nothing', async () => {
      const { cookie } = await buildMember(t.app);
      const res = await requestsAs(t.app, cookie).send({ url: '/api/queries/tts?voices=1', headers: CROSS_SITE });
      expect(res.statusCode).toBe(200);
    });
  });

  it('makes no embed hash and no API key at a link of another site', async () => {
    const { member, cookie } = await buildMember(t.app, { plan: 'business' });
    const project = await saveProject(t.app.db, {
      userId: member.id,
      input: { category: 'project', data_json: JSON.stringify(buildProjectData()) },
    });
    const as = requestsAs(t.app, cookie);
    const hashUrl = `/api/members/projects/embed/hash?pid=${project.id}`;
    expect((await as.send({ url: hashUrl, headers: CROSS_SITE })).json()).toEqual(refused);
    const [row] = await t.app.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row?.embedHash).toBeNull();
    expect((await as.send({ url: '/api/members/zapier/info', headers: CROSS_SITE })).json()).toEqual(refused);
    expect(await t.app.db.select().from(apiKeys).where(eq(apiKeys.userId, member.id))).toEqual([]);

    expect((await as.send({ url: hashUrl, headers: SAME_ORIGIN })).statusCode).toBe(200);
    const key = await as.send({ url: '/api/members/zapier/info', headers: SAME_ORIGIN });
    expect(key.json().apiKey).toMatch(/^rw_/);

    // An API key is no ambient credential another site could make a browser send: not checked.
    const byKey = await t.app.inject({ url: hashUrl, headers: { authorization: `Bearer ${key.json().apiKey}` } });
    expect(byKey.statusCode).toBe(200);
  });

  describe('state-changing requests with the session cookie (issue 31 finding 8)', () => {
    const sibling = { 'sec-fetch-site': 'same-site' };
    const business = async () => {
      const { member, cookie } = await buildMember(t.app, { plan: 'business' });
      const send = (method: 'POST' | 'DELETE', url: string, headers: Record<string, string>) =>
        requestsAs(t.app, cookie).send({ method, url, headers });
      return { member, cookie, send };
    };

    it('refuses bodiless POSTs from a sibling subdomain or another site, changing nothing', async () => {
      const { member, send } = await business();
      expect((await send('POST', '/api/members/zapier/rotate', SAME_ORIGIN)).statusCode).toBe(200);
      const keys = () => t.app.db.select().from(apiKeys).where(eq(apiKeys.userId, member.id));
      const before = await keys();
      for (const headers of [
        sibling,
        CROSS_SITE,
        { origin: 'https://studio.evil.example' },
        { origin: 'null' },
        { referer: 'https://evil.example/page' },
      ] as Record<string, string>[]) {
        for (const url of ['/api/members/zapier/rotate', '/api/members/zapier/revoke']) {
          const res = await send('POST', url, headers);
          expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
          expect(res.json()).toEqual(refused);
        }
        const disconnect = await send('POST', '/api/members/video-site/disconnect', headers);
        expect(disconnect.statusCode).toBe(403);
        const test = await send('POST', '/api/members/webhooks/1/test', headers);
        expect(test.statusCode).toBe(403);
        const remove = await send('DELETE', '/api/members/webhooks/1', headers);
        expect(remove.statusCode).toBe(403);
      }
      expect(await keys()).toEqual(before);
    });

    it("lets the app's own requests and programs holding the cookie through", async () => {
      const { send } = await business();
      for (const headers of [SAME_ORIGIN, { 'sec-fetch-site': 'none' }, { origin: t.config.publicUrl }, {}] as Record<
        string,
        string
      >[]) {
        const res = await send('POST', '/api/members/zapier/rotate', headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      }
    });

    it('does not check requests made with an API key', async () => {
      const { send } = await business();
      const key = (await send('POST', '/api/members/zapier/rotate', SAME_ORIGIN)).json().apiKey as string;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/members/zapier/rotate',
        headers: { authorization: `Bearer ${key}`, 'sec-fetch-site': 'same-site' },
      });
      expect(res.statusCode).toBe(200);
    });
  });
});
