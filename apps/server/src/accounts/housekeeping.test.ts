import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KINDS, openTestDatabase, testConfig } from '../../test/helpers';
import { type App, buildApp } from '../app';
import type { Database } from '../db/client';
import { dbPlugin } from '../plugins/db';
import { accountHousekeeping } from './housekeeping';
import { sha256 } from './sessions';
import { accessThrottles, sessions, users } from './tables';

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe.each(DB_KINDS)('account housekeeping on %s', (kind) => {
  describe('when the app starts', () => {
    let database: Database;
    let drop: () => Promise<void>;
    let app: App;
    beforeAll(async () => {
      ({ database, drop } = await openTestDatabase(kind));
      // Built but not ready: the sweep runs once it is.
      app = await buildApp(testConfig(), { database, logger: false });
    });
    afterAll(async () => {
      await app?.close();
      await drop?.();
    });

    it('removes expired sessions and spent counters, keeping the rest', async () => {
      const { db } = database;
      const [member] = await db.insert(users).values({ email: 'sweep@example.com' }).returning();
      await db.insert(sessions).values([
        { tokenHash: 'expired', userId: member!.id, expiresAt: ago(1000) },
        { tokenHash: 'live', userId: member!.id, expiresAt: ago(-HOUR) },
      ]);
      const counter = { kind: 'password' as const, count: 1 };
      await db.insert(accessThrottles).values([
        { ...counter, subjectHash: sha256('old'), windowStartedAt: ago(25 * HOUR) },
        { ...counter, subjectHash: sha256('old-but-locked'), windowStartedAt: ago(25 * HOUR), lockedUntil: ago(-HOUR) },
        { ...counter, subjectHash: sha256('recent'), windowStartedAt: ago(HOUR) },
      ]);

      await app.ready();
      const left = await db.select({ tokenHash: sessions.tokenHash }).from(sessions);
      expect(left.map((row) => row.tokenHash)).toEqual(['live']);
      const counters = await db.select({ subjectHash: accessThrottles.subjectHash }).from(accessThrottles);
      expect(counters.map((row) => row.subjectHash).sort()).toEqual(
        [sha256('old-but-locked'), sha256('recent')].sort(),
      );
    });
  });

  describe('on a timer', () => {
    let database: Database;
    let drop: () => Promise<void>;
    const warnings: string[] = [];
    let app: ReturnType<typeof Fastify>;
    beforeAll(async () => {
      ({ database, drop } = await openTestDatabase(kind));
      await database.migrate();
      const stream = new Writable({
        write(chunk, _encoding, done) {
          warnings.push(String(chunk));
          done();
        },
      });
      app = Fastify({ logger: { level: 'warn', stream } });
      await app.register(dbPlugin, { database });
      await app.register(accountHousekeeping, { intervalMs: 50 });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await drop?.();
    });

    it('sweeps again every interval, and stops when the app closes', async () => {
      const { db } = database;
      const [member] = await db.insert(users).values({ email: 'later@example.com' }).returning();
      await db.insert(sessions).values({ tokenHash: 'expires-later', userId: member!.id, expiresAt: ago(1000) });
      await vi.waitFor(
        async () => {
          expect(await db.select().from(sessions).where(eq(sessions.userId, member!.id))).toHaveLength(0);
        },
        { timeout: 5000, interval: 25 },
      );
      await app.close();
      // A sweep after the close would fail on the closed database and say so.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(warnings).toEqual([]);
    });
  });
});
