/**
 * Tells a lost or refused database connection (a restart, a failover, an administrator ending
 * connections, the server being down) from a statement that failed on its own. The first is
 * worth retrying in a moment; the request that met it answers 503.
 */

/** The answer to a request that met one: a message the person can act on, and when to retry. */
export const databaseUnavailable = {
  status: 503,
  code: 'unavailable',
  message: 'The database is briefly unavailable. Please try again in a moment.',
  retryAfterSeconds: 2,
} as const;

/**
 * SQLSTATEs of a connection the server ended or refused: class 08 (connection exception), 57P
 * (operator intervention: admin or crash shutdown, cannot connect now) and too many connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
/** Socket errors on the way to the server. */
const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * node-postgres reports a connection that went away, and its pool a connection it could not
 * open in time, with these messages and no code.
 */
const LOST_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
  /^timeout exceeded when trying to connect$/,
];

/** Whether `error`, or an error it wraps (Drizzle wraps the driver's as `cause`), is one of those. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || NETWORK_ERRORS.has(code))) return true;
    const { message } = current;
    if (LOST_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = current.cause;
  }
  return false;
}
