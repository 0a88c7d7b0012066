import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { PASSWORD_LOCK } from './attempt-limits';
import { purgeExpiredSessions } from './sessions';
import { purgeStaleThrottles } from './throttle';

const HOUR = 60 * 60 * 1000;

/** Removes what no longer counts: expired sessions and attempt counters past every window. */
export async function sweepAccounts(db: Db, now = new Date()): Promise<void> {
  await purgeExpiredSessions(db, now);
  // The password streak is the longest window; a counter older than that counts for nothing.
  await purgeStaleThrottles(db, { before: new Date(now.getTime() - PASSWORD_LOCK.forgetAfterMs), now });
}

/**
 * Sweeps once the app is ready and then every `intervalMs` (an hour). The timer does not keep
 * the process alive and stops when the app closes; every server process sweeps, harmlessly.
 */
export const accountHousekeeping = fp<{ intervalMs?: number }>(
  async (app, options) => {
    const intervalMs = options.intervalMs ?? HOUR;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    const sweep = () => {
      running = sweepAccounts(app.db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'account housekeeping failed; it runs again within the hour'),
      );
      return running;
    };
    app.addHook('onReady', async () => {
      await sweep();
      timer = setInterval(sweep, intervalMs);
      timer.unref();
    });
    // Before the database closes (onClose): no new sweep, and the one under way finishes.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'account-housekeeping', dependencies: ['db'] },
);
