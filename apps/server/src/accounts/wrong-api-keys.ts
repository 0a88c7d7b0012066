import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { waitInWords } from './attempt-limits';
import { findMemberByApiKey, type Member } from './sessions';

/** Wrong API keys one client address may send in a window; beyond, its keys are refused unread. */
export const WRONG_API_KEY_LIMIT = { limit: 20, windowMs: 10 * 60_000 };

/** What `newApiKey` makes: `rw_` and 32 base64url characters. Anything else cannot be a key. */
const API_KEY_SHAPE = /^rw_[A-Za-z0-9_-]{32}$/;

/** Client addresses remembered at most (oldest forgotten first): memory stays bounded under a flood. */
const MAX_CLIENTS = 10_000;

/**
 * Looks API keys up, limiting wrong ones per client address: each costs a database look-up, and
 * guessing must not go on. A malformed key fails without one (and is not counted). The counts are kept in the
 * process (a flood is refused without touching the database); with several server processes
 * each allows its own share.
 */
export function wrongApiKeyGuard(rule = WRONG_API_KEY_LIMIT) {
  const windows = new Map<string, { failures: number; startedAt: number }>();

  const current = (client: string, now: number) => {
    const window = windows.get(client);
    if (window && now - window.startedAt >= rule.windowMs) windows.delete(client);
    return windows.get(client);
  };

  const recordFailure = (client: string, now: number) => {
    const window = current(client, now);
    if (window) window.failures++;
    else {
      if (windows.size >= MAX_CLIENTS) windows.delete(windows.keys().next().value as string);
      windows.set(client, { failures: 1, startedAt: now });
    }
  };

  return {
    /**
     * The member behind the key, or null (counted as a failure). While the client is refused: a
     * 429, with `Retry-After` set on the reply.
     */
    async findMember(
      db: Db,
      options: { key: string; client: string; reply: Pick<FastifyReply, 'header'>; now?: number },
    ): Promise<Member | null> {
      const { key, client, now = Date.now() } = options;
      const window = current(client, now);
      if (window && window.failures >= rule.limit) {
        const waitMs = window.startedAt + rule.windowMs - now;
        options.reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
        throw new AppError(
          429,
          'too_many_keys',
          `Too many wrong API keys from your address. Try again in ${waitInWords(waitMs)}.`,
        );
      }
      // A malformed key costs nothing and cannot be right: refused without a look-up or a count.
      if (!API_KEY_SHAPE.test(key)) return null;
      const member = await findMemberByApiKey(db, key);
      if (!member) recordFailure(client, now);
      return member;
    },
  };
}

export type WrongApiKeyGuard = ReturnType<typeof wrongApiKeyGuard>;
