/**
 * The server's own slice of the configuration: where it listens and is reached, where its data
 * lives, logging. The other slices live next to the code that reads them (config-slice.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type EnvOf, flag } from './config-slice';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const serverEnv = {
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('the HTTP port to listen on'),
  HOST: z.string().min(1).default('localhost').describe('the interface to listen on (`0.0.0.0` for all)'),
  PUBLIC_URL: z
    .url()
    .optional()
    .describe(
      "the address members reach the site at: used in e-mailed links, and an `https:` one sets the session cookie's `Secure` flag",
    )
    .meta({ defaultText: '`http://localhost:$PORT`' }),
  DATA_DIR: z
    .string()
    .min(1)
    .optional()
    .describe('where the embedded database (`db/`), the files on disk (`files/`) and the mail outbox (`mail/`) live')
    .meta({ defaultText: '`./data`, in the directory the command was typed in' }),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .describe('PostgreSQL (`postgres://user:pass@host:5432/reelwright`) instead of the embedded PGlite'),
  WEB_DIST: z
    .string()
    .default(path.join(repoRoot, 'apps/web/dist'))
    .describe('the built web app (the `vite build` output) the server serves')
    .meta({ defaultText: "the repository's `apps/web/dist`" }),
  TRUST_PROXY: flag
    .default(false)
    .describe("trust `X-Forwarded-*` behind a reverse proxy, so rate limits see the client's address"),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('the pino log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`'),
  DEBUG: flag.default(false).describe('show the debug button in the web app'),
  SUPPORT_EMAIL: z
    .email()
    .default('support@reelwright.local')
    .describe('where members write for help; named in quota errors and render e-mails'),
  NODE_ENV: z.string().optional().describe('`production` turns development conveniences off (`DEV_MAILBOX`)'),
  INIT_CWD: z
    .string()
    .optional()
    .describe(
      "set by npm: the directory the command was typed in (npm runs a workspace's scripts inside it); `DATA_DIR`'s default and the `render` command's files are taken from there",
    )
    .meta({ defaultText: 'the current directory' }),
};

/** Where the person typed the command (npm runs workspace scripts inside the workspace). */
export const invokedFrom = (e: { INIT_CWD?: string | undefined }) => e.INIT_CWD ?? process.cwd();

export function serverConfig(e: EnvOf<typeof serverEnv>) {
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR ?? path.join(invokedFrom(e), 'data')),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webDist: path.resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    debug: e.DEBUG,
    supportEmail: e.SUPPORT_EMAIL,
  };
}
