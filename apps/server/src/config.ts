import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plan } from '@reelwright/core';
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
  /**
   * Serve the mail outbox at /dev/mail: every code in it, so anyone who can reach the page can take
   * any account. Default: on only for a development run (NODE_ENV not production) without SMTP_URL.
   */
  DEV_MAILBOX: flag.optional(),
  /** `production` turns development conveniences off (DEV_MAILBOX). */
  NODE_ENV: z.string().optional(),
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
  /** Renders a member may queue a day, by plan (their local day, from tz_offset). */
  RENDER_QUOTA_FREE: z.coerce.number().int().min(0).default(5),
  RENDER_QUOTA_PAID: z.coerce.number().int().min(0).default(50),
  RENDER_QUOTA_BUSINESS: z.coerce.number().int().min(0).default(500),
  /** Where members write for help; shown with quota errors and in render e-mails. */
  SUPPORT_EMAIL: z.email().default('support@reelwright.local'),
  /** Where rendered videos and uploads live: `disk` (DATA_DIR/files) or an S3-compatible bucket. */
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible service (MinIO, R2, …) instead of AWS; browsers must reach it for downloads. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name; most self-hosted services need it. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** How long a presigned download link stays valid (S3 allows at most 7 days). */
  S3_URL_TTL_SECONDS: z.coerce.number().int().min(1).max(604800).default(3600),
  /** The built web app (vite build output). */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Let outgoing fetches of user-given URLs reach private and loopback addresses (tests, intranets). */
  FETCH_ALLOW_PRIVATE: flag.default(false),
  /** Contact for push services in VAPID tokens (mailto: or https:); defaults to PUBLIC_URL if https, else MAIL_FROM. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
    .optional(),
  /** Paid text-to-speech vendors (docs/operations.md "Text to speech vendors"); each is offered only with its key. */
  GOOGLE_TTS_API_KEY: z.string().min(1).optional(),
  GOOGLE_TTS_URL: z.url({ protocol: /^https?$/ }).default('https://texttospeech.googleapis.com'),
  POLLY_ACCESS_KEY_ID: z.string().min(1).optional(),
  POLLY_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  POLLY_REGION: z.string().min(1).default('us-east-1'),
  POLLY_URL: z.url({ protocol: /^https?$/ }).optional(),
  AZURE_SPEECH_KEY: z.string().min(1).optional(),
  AZURE_SPEECH_REGION: z.string().min(1).optional(),
  AZURE_SPEECH_URL: z.url({ protocol: /^https?$/ }).optional(),
  ELEVENLABS_API_KEY: z.string().min(1).optional(),
  ELEVENLABS_URL: z.url({ protocol: /^https?$/ }).default('https://api.elevenlabs.io'),
  ELEVENLABS_MODEL: z.string().min(1).default('eleven_multilingual_v2'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_URL: z.url({ protocol: /^https?$/ }).default('https://api.openai.com'),
  OPENAI_TTS_MODEL: z.string().min(1).default('gpt-4o-mini-tts'),
  /**
   * Who transcribes voice-overs: `align` (embedded, aligns with the script), `openai` (needs
   * OPENAI_API_KEY), `whisper` (needs WHISPER_URL) or `aws` (needs the AWS_TRANSCRIBE_ keys and STORAGE=s3).
   */
  TRANSCRIBE_ENGINE: z.enum(['align', 'openai', 'whisper', 'aws']).default('align'),
  /** The OpenAI model for transcription; word timestamps need whisper-1. */
  OPENAI_TRANSCRIBE_MODEL: z.string().min(1).default('whisper-1'),
  /** A whisper.cpp server's base URL (`/inference` is appended). */
  WHISPER_URL: z.url({ protocol: /^https?$/ }).optional(),
  AWS_TRANSCRIBE_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_TRANSCRIBE_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_TRANSCRIBE_REGION: z.string().min(1).default('us-east-1'),
  AWS_TRANSCRIBE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Article and keyword sources (providers/articles): keyless ones are offered unless this is off. */
  ARTICLES_KEYLESS: flag.default(true),
  GOOGLE_NEWS_RSS_URL: z.url({ protocol: /^https?$/ }).default('https://news.google.com'),
  WIKIPEDIA_API_URL: z.url({ protocol: /^https?$/ }).default('https://en.wikipedia.org/w/api.php'),
  KEYWORD_SUGGEST_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://suggestqueries.google.com/complete/search?client=firefox'),
  DATAMUSE_URL: z.url({ protocol: /^https?$/ }).default('https://api.datamuse.com'),
  BRAVE_SEARCH_API_KEY: z.string().min(1).optional(),
  BRAVE_SEARCH_URL: z.url({ protocol: /^https?$/ }).default('https://api.search.brave.com'),
  SERPAPI_API_KEY: z.string().min(1).optional(),
  SERPAPI_URL: z.url({ protocol: /^https?$/ }).default('https://serpapi.com'),
  /** Media search engines (providers/media/vendors; docs/operations.md "Media engines"): each keyed one is offered with its key. */
  MEDIA_KEYLESS: flag.default(true),
  OPENVERSE_URL: z.url({ protocol: /^https?$/ }).default('https://api.openverse.org'),
  WIKIMEDIA_API_URL: z.url({ protocol: /^https?$/ }).default('https://commons.wikimedia.org/w/api.php'),
  PIXABAY_API_KEY: z.string().min(1).optional(),
  PIXABAY_URL: z.url({ protocol: /^https?$/ }).default('https://pixabay.com'),
  PEXELS_API_KEY: z.string().min(1).optional(),
  PEXELS_URL: z.url({ protocol: /^https?$/ }).default('https://api.pexels.com'),
  UNSPLASH_ACCESS_KEY: z.string().min(1).optional(),
  UNSPLASH_URL: z.url({ protocol: /^https?$/ }).default('https://api.unsplash.com'),
  GIPHY_API_KEY: z.string().min(1).optional(),
  GIPHY_URL: z.url({ protocol: /^https?$/ }).default('https://api.giphy.com'),
  FREESOUND_API_KEY: z.string().min(1).optional(),
  FREESOUND_URL: z.url({ protocol: /^https?$/ }).default('https://freesound.org'),
  YOUTUBE_API_KEY: z.string().min(1).optional(),
  YOUTUBE_URL: z.url({ protocol: /^https?$/ }).default('https://www.googleapis.com'),
  GOOGLE_SEARCH_API_KEY: z.string().min(1).optional(),
  /** The Programmable Search Engine id (`cx`), with image search turned on. */
  GOOGLE_SEARCH_CX: z.string().min(1).optional(),
  GOOGLE_SEARCH_URL: z.url({ protocol: /^https?$/ }).default('https://www.googleapis.com'),
  /** The `bing` engine is Brave image search; its key defaults to BRAVE_SEARCH_API_KEY. */
  BRAVE_IMAGES_API_KEY: z.string().min(1).optional(),
  BRAVE_IMAGES_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Upload size limits by kind, in bytes (uploads/, media by URL). */
  UPLOAD_MAX_IMAGE_BYTES: z.coerce.number().int().min(1).default(20_971_520), // 20 MB
  UPLOAD_MAX_VIDEO_BYTES: z.coerce.number().int().min(1).default(209_715_200), // 200 MB
  UPLOAD_MAX_AUDIO_BYTES: z.coerce.number().int().min(1).default(52_428_800), // 50 MB
  /** The image proxy (`GET /api/queries/image`): largest remote image fetched, and requests a minute per client. */
  IMAGE_PROXY_MAX_BYTES: z.coerce.number().int().min(1).default(15_728_640), // 15 MB
  IMAGE_PROXY_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  /** Chromium for page screenshots (media by URL); default /usr/bin/chromium when it exists, `off` turns them off. */
  CHROMIUM_PATH: z.string().min(1).optional(),
  /** The remove.bg API (providers/remove-bg): without a key `POST /api/members/remove-bg` answers 501 not_configured. */
  REMOVE_BG_API_KEY: z.string().min(1).optional(),
  REMOVE_BG_URL: z.url({ protocol: /^https?$/ }).default('https://api.remove.bg'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Whether /dev/mail serves the outbox (DEV_MAILBOX). */
  devMailbox: boolean;
  google: { clientId: string | undefined; jwksUrl: string };
  sessionTtlMs: number;
  authRateLimit: number;
  signupHidden: boolean;
  debug: boolean;
  trustProxy: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  storage: StorageConfig;
  webDist: string;
  render: {
    workersInProcess: boolean;
    timeoutSeconds: number;
    checkSeconds: number;
    dailyQuota: Record<Plan, number>;
  };
  supportEmail: string;
  fetch: { allowPrivate: boolean };
  vapidSubject: string | undefined;
  /** The paid text-to-speech vendors' settings, one group per adapter in providers/tts/<vendor>. */
  tts: TtsVendorsConfig;
  /** Voice-over transcription (providers/transcription/registry.ts); OpenAI's key and URL are `tts.openai`'s. */
  transcription: {
    engine: 'align' | 'openai' | 'whisper' | 'aws';
    openaiModel: string;
    whisper: { url: string | undefined };
    aws: {
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      region: string;
      url: string | undefined;
    };
  };
  /** Article search and keyword sources (providers/articles/registry.ts). */
  articles: ArticleSourcesConfig;
  /** Media search vendors (providers/media/vendors). */
  media: MediaVendorsConfig;
  /** Member uploads and the image proxy (apps/server/src/uploads). */
  uploads: {
    maxBytes: { image: number; video: number; audio: number };
    proxyMaxBytes: number;
    proxyRateLimit: number;
    /** Chromium for page screenshots; undefined when there is none (a page URL is then a 422). */
    chromiumPath: string | undefined;
  };
  /** Background removal (providers/remove-bg); no key, no service. */
  removeBg: { apiKey: string | undefined; url: string };
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
    devMailbox: e.DEV_MAILBOX ?? (e.NODE_ENV !== 'production' && !e.SMTP_URL),
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    authRateLimit: e.AUTH_RATE_LIMIT,
    signupHidden: e.SIGNUP_HIDDEN,
    debug: e.DEBUG,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    storage: storageConfig(e),
    webDist: path.resolve(e.WEB_DIST),
    render: {
      workersInProcess: e.RENDER_WORKERS_IN_PROCESS,
      timeoutSeconds: e.RENDER_TIMEOUT_SECONDS,
      checkSeconds: e.RENDER_CHECK_SECONDS,
      dailyQuota: { free: e.RENDER_QUOTA_FREE, paid: e.RENDER_QUOTA_PAID, business: e.RENDER_QUOTA_BUSINESS },
    },
    supportEmail: e.SUPPORT_EMAIL,
    fetch: { allowPrivate: e.FETCH_ALLOW_PRIVATE },
    vapidSubject: e.VAPID_SUBJECT,
    tts: ttsVendorsConfig(e),
    transcription: {
      engine: e.TRANSCRIBE_ENGINE,
      openaiModel: e.OPENAI_TRANSCRIBE_MODEL,
      whisper: { url: e.WHISPER_URL },
      aws: {
        accessKeyId: e.AWS_TRANSCRIBE_ACCESS_KEY_ID,
        secretAccessKey: e.AWS_TRANSCRIBE_SECRET_ACCESS_KEY,
        region: e.AWS_TRANSCRIBE_REGION,
        url: e.AWS_TRANSCRIBE_URL,
      },
    },
    articles: {
      keyless: e.ARTICLES_KEYLESS,
      googleNewsUrl: e.GOOGLE_NEWS_RSS_URL,
      wikipediaUrl: e.WIKIPEDIA_API_URL,
      suggestUrl: e.KEYWORD_SUGGEST_URL,
      datamuseUrl: e.DATAMUSE_URL,
      brave: { apiKey: e.BRAVE_SEARCH_API_KEY, url: e.BRAVE_SEARCH_URL },
      serpapi: { apiKey: e.SERPAPI_API_KEY, url: e.SERPAPI_URL },
    },
    media: mediaVendorsConfig(e),
    uploads: {
      maxBytes: { image: e.UPLOAD_MAX_IMAGE_BYTES, video: e.UPLOAD_MAX_VIDEO_BYTES, audio: e.UPLOAD_MAX_AUDIO_BYTES },
      proxyMaxBytes: e.IMAGE_PROXY_MAX_BYTES,
      proxyRateLimit: e.IMAGE_PROXY_RATE_LIMIT,
      chromiumPath: chromiumPath(e.CHROMIUM_PATH),
    },
    removeBg: { apiKey: e.REMOVE_BG_API_KEY, url: e.REMOVE_BG_URL },
  };
}

const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** The configured Chromium (`off` for none; a wrong path is a config error), else Debian's when installed. */
function chromiumPath(configured: string | undefined): string | undefined {
  if (configured === 'off') return undefined;
  if (configured && !existsSync(configured)) {
    throw new ConfigError(`Invalid configuration in the environment:\n  CHROMIUM_PATH: no file at ${configured}`);
  }
  const candidate = configured ?? DEFAULT_CHROMIUM;
  return existsSync(candidate) ? candidate : undefined;
}

/** Where finished files live (see apps/server/src/storage). */
export type StorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
      urlTtlSeconds: number;
    };

function storageConfig(e: z.infer<typeof EnvSchema>): StorageConfig {
  if (e.STORAGE === 'disk') return { kind: 'disk', dir: path.join(path.resolve(e.DATA_DIR), 'files') };
  const required = {
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = required;
  if (!bucket || !accessKeyId || !secretAccessKey) {
    const lines = Object.entries(required)
      .filter(([, value]) => !value)
      .map(([name]) => `  ${name}: required when STORAGE=s3`);
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  return {
    kind: 's3',
    bucket,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    urlTtlSeconds: e.S3_URL_TTL_SECONDS,
  };
}

/** Settings of the paid text-to-speech adapters; a vendor without its key is not offered. */
export type TtsVendorsConfig = {
  google: { apiKey: string | undefined; url: string };
  polly: {
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    region: string;
    url: string | undefined;
  };
  azure: { key: string | undefined; region: string | undefined; url: string | undefined };
  elevenlabs: { apiKey: string | undefined; url: string; model: string };
  openai: { apiKey: string | undefined; url: string; model: string };
};

function ttsVendorsConfig(e: z.infer<typeof EnvSchema>): TtsVendorsConfig {
  return {
    google: { apiKey: e.GOOGLE_TTS_API_KEY, url: e.GOOGLE_TTS_URL },
    polly: {
      accessKeyId: e.POLLY_ACCESS_KEY_ID,
      secretAccessKey: e.POLLY_SECRET_ACCESS_KEY,
      region: e.POLLY_REGION,
      url: e.POLLY_URL,
    },
    azure: { key: e.AZURE_SPEECH_KEY, region: e.AZURE_SPEECH_REGION, url: e.AZURE_SPEECH_URL },
    elevenlabs: { apiKey: e.ELEVENLABS_API_KEY, url: e.ELEVENLABS_URL, model: e.ELEVENLABS_MODEL },
    openai: { apiKey: e.OPENAI_API_KEY, url: e.OPENAI_URL, model: e.OPENAI_TTS_MODEL },
  };
}

/** Article and keyword sources; the keyless ones (news RSS, Wikipedia, suggest, Datamuse) go together. */
export type ArticleSourcesConfig = {
  keyless: boolean;
  googleNewsUrl: string;
  wikipediaUrl: string;
  suggestUrl: string;
  datamuseUrl: string;
  brave: { apiKey: string | undefined; url: string };
  serpapi: { apiKey: string | undefined; url: string };
};

/** Media search vendors; a keyed vendor without its key is not offered, the keyless ones go together. */
export type MediaVendorsConfig = {
  keyless: boolean;
  openverseUrl: string;
  wikimediaUrl: string;
  pixabay: { apiKey: string | undefined; url: string };
  pexels: { apiKey: string | undefined; url: string };
  unsplash: { apiKey: string | undefined; url: string };
  giphy: { apiKey: string | undefined; url: string };
  freesound: { apiKey: string | undefined; url: string };
  youtube: { apiKey: string | undefined; url: string };
  google: { apiKey: string | undefined; cx: string | undefined; url: string };
  /** Serves the `bing` engine. */
  braveImages: { apiKey: string | undefined; url: string };
};

function mediaVendorsConfig(e: z.infer<typeof EnvSchema>): MediaVendorsConfig {
  return {
    keyless: e.MEDIA_KEYLESS,
    openverseUrl: e.OPENVERSE_URL,
    wikimediaUrl: e.WIKIMEDIA_API_URL,
    pixabay: { apiKey: e.PIXABAY_API_KEY, url: e.PIXABAY_URL },
    pexels: { apiKey: e.PEXELS_API_KEY, url: e.PEXELS_URL },
    unsplash: { apiKey: e.UNSPLASH_ACCESS_KEY, url: e.UNSPLASH_URL },
    giphy: { apiKey: e.GIPHY_API_KEY, url: e.GIPHY_URL },
    freesound: { apiKey: e.FREESOUND_API_KEY, url: e.FREESOUND_URL },
    youtube: { apiKey: e.YOUTUBE_API_KEY, url: e.YOUTUBE_URL },
    google: { apiKey: e.GOOGLE_SEARCH_API_KEY, cx: e.GOOGLE_SEARCH_CX, url: e.GOOGLE_SEARCH_URL },
    braveImages: {
      apiKey: e.BRAVE_IMAGES_API_KEY ?? e.BRAVE_SEARCH_API_KEY,
      url: e.BRAVE_IMAGES_URL ?? e.BRAVE_SEARCH_URL,
    },
  };
}
