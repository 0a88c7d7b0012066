import { type Endpoint, endpoints } from '@reelwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';

/** The app serves every endpoint of core's table, with the table's schemas (D65). */
describe('the endpoint table on the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('has a route for each endpoint, taking its schemas from the table', () => {
    const missing: string[] = [];
    for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
      // A path equal to its plugin's prefix is registered as `prefix/` (and answered without the slash too).
      const route = t.app.routeTable.find(
        (r) => r.method === endpoint.method && (r.url === endpoint.path || r.url === `${endpoint.path}/`),
      );
      if (!route) {
        missing.push(`${name}: ${endpoint.method} ${endpoint.path}`);
        continue;
      }
      const schema = route.schema as Record<string, unknown> | undefined;
      expect(schema?.querystring, name).toBe(endpoint.query);
      expect(schema?.params, name).toBe(endpoint.params);
      // A public server narrows the push subscription to https endpoints (`httpsPushEndpoint`).
      const narrowed = name === 'webPushSubscribe' && !t.config.fetch.allowPrivate;
      if (!narrowed) expect(schema?.body, name).toBe(endpoint.upload ? undefined : endpoint.body);
      expect((schema?.response as Record<number, unknown> | undefined)?.[200], name).toBe(endpoint.response);
    }
    expect(missing).toEqual([]);
  });
});
