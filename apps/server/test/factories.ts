import { randomUUID } from 'node:crypto';
import {
  CURRENT_SCHEMA_VERSION,
  createFrame,
  createTextItem,
  type ProjectData,
  ProjectDataSchema,
} from '@reelwright/core';
import type { InjectOptions } from 'fastify';
import { createSession, type Member, SESSION_COOKIE } from '../src/accounts/sessions';
import { users } from '../src/accounts/tables';
import type { App } from '../src/app';

type NewUser = typeof users.$inferInsert;

/**
 * A verified member with a live session, made straight in the database (no sign-up flow), and
 * the `Cookie` header value that signs requests in as them.
 */
export async function buildMember(
  app: App,
  overrides: Partial<NewUser> = {},
): Promise<{ member: Member; cookie: string }> {
  const [member] = await app.db
    .insert(users)
    .values({ email: `member-${randomUUID()}@example.test`, verified: true, ...overrides })
    .returning();
  if (!member) throw new Error('buildMember: the insert returned no row');
  const token = await createSession(app.db, { userId: member.id, ttlMs: app.config.sessionTtlMs });
  return { member, cookie: `${SESSION_COOKIE}=${token}` };
}

/** A valid current-version project document in its stored form; `overrides` replace whole top-level parts. */
export function buildProjectData(overrides: Partial<ProjectData> = {}): ProjectData {
  return ProjectDataSchema.parse({
    schemaVersion: CURRENT_SCHEMA_VERSION,
    wizard: { keyword: 'coffee, beans', slides: [{ id: 's1', text: 'Hello' }] },
    video: { frames: [createFrame('f1', { items: [createTextItem('i1', 'Hello')] })] },
    ...overrides,
  });
}

/** `inject` as a signed-in member (or as a visitor with no cookie): `get(url)` and `post(url, body)`. */
export function requestsAs(app: App, cookie?: string) {
  const send = (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...(cookie ? { cookie } : {}), ...options.headers } });
  return {
    send,
    get: (url: string) => send({ method: 'GET', url }),
    post: (url: string, payload: unknown) =>
      send({ method: 'POST', url, payload: payload as InjectOptions['payload'] }),
  };
}
