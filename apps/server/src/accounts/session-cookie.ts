import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import { SESSION_COOKIE } from './sessions';

const cookieOptions = (config: Config) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  // Browsers drop Secure cookies on plain http, so only set it where the app is served over TLS.
  secure: config.publicUrl.startsWith('https:'),
});

/** Hands the browser its session token. */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(config), maxAge: Math.floor(config.sessionTtlMs / 1000) });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
}
