import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** npm runs workspace scripts inside the workspace; INIT_CWD is where the person typed the command. */
const invokedFrom = process.env.INIT_CWD ?? process.cwd();

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  /** Where the embedded database, files and mail outbox live. */
  DATA_DIR: z.string().min(1).default(path.join(invokedFrom, 'data')),
  /** PostgreSQL instead of the embedded PGlite. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Address used in links inside e-mails; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** SMTP server for outgoing mail (smtp:// or smtps://, credentials in the URL). */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Reelwright <no-reply@reelwright.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Requests a minute per client on login, signup and code routes. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  SIGNUP_HIDDEN: flag.default(false),
  DEBUG: flag.default(false),
  TRUST_PROXY: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Run render jobs inside the server process; turn off when `worker` processes do it. */
  RENDER_WORKERS_IN_PROCESS: flag.default(true),
  /** A render attempt longer than this fails (and is retried); also how soon a dead worker's job returns. */
  RENDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(1800),
  /** How often the queue looks for expired jobs (those of a worker that died). */
  RENDER_CHECK_SECONDS: z.coerce.number().int().min(1).default(60),
  /** The built web app (vite build output). */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string | undefined; jwksUrl: string };
  sessionTtlMs: number;
  authRateLimit: number;
  signupHidden: boolean;
  debug: boolean;
  trustProxy: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDist: string;
  render: { workersInProcess: boolean; timeoutSeconds: number; checkSeconds: number };
};

export class ConfigError extends Error {}

/** Reads the configuration from an environment; the only reader of process.env for settings. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    authRateLimit: e.AUTH_RATE_LIMIT,
    signupHidden: e.SIGNUP_HIDDEN,
    debug: e.DEBUG,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    render: {
      workersInProcess: e.RENDER_WORKERS_IN_PROCESS,
      timeoutSeconds: e.RENDER_TIMEOUT_SECONDS,
      checkSeconds: e.RENDER_CHECK_SECONDS,
    },
  };
}
