import type { ProjectData } from '@reelwright/core';
import { type ServerProcess, waitForCode } from '@reelwright/testkit';
import type { Page } from 'playwright-core';

/** A JSON call made by the page (so its session cookie goes along): status and parsed body. */
export type PagePost = (path: string, body: unknown) => Promise<{ status: number; body: unknown }>;

/** Posts JSON from inside the page, as the app itself would. */
export function pagePost(page: Page): PagePost {
  return (path, body) =>
    page.evaluate(
      async ([p, b]) => {
        const res = await fetch(p as string, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(b),
        });
        return { status: res.status, body: await res.json() };
      },
      [path, body] as const,
    );
}

/**
 * Signs a new member up and verifies them through the API (the account screens have their own
 * e2e suite); the page holds the session afterwards. Returns the page's JSON poster.
 */
export async function signUpInPage(page: Page, server: ServerProcess, email: string): Promise<PagePost> {
  await page.goto(`${server.url}/app.html#/test`);
  const post = pagePost(page);
  const signed = await post('/api/members/access/signup', { email });
  if (signed.status !== 200) throw new Error(`signup answered ${signed.status}: ${JSON.stringify(signed.body)}`);
  // The code mail is written just after the answer: wait for it.
  const code = await waitForCode(server.dataDir, email);
  const checked = await post('/api/members/access/verify/check', { code });
  if (checked.status !== 200) throw new Error(`verify answered ${checked.status}: ${JSON.stringify(checked.body)}`);
  return post;
}

/** The project `pid` as the server stores it, fetched from inside the page with its session. */
export async function loadProjectInPage(page: Page, pid: number): Promise<ProjectData> {
  const body = await page.evaluate(async (id) => (await fetch(`/api/members/projects/load?id=${id}`)).json(), pid);
  return JSON.parse((body as { data_json: string }).data_json) as ProjectData;
}
