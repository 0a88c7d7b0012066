/**
 * The configuration: every environment variable the server reads, parsed once with zod. Each area
 * owns its slice (the variables, described, and how they become settings) next to its code; this
 * file puts the slices together, and `Config` is what the parse gives. docs/operations.md lists
 * the variables, generated from the descriptions by `npm run env:doc` (config-slice.ts).
 */
import { z } from 'zod';
import { accountsConfig, accountsEnv } from './accounts/config';
import { ConfigError, type EnvSection, mergeSections } from './config-slice';
import { mailConfig, mailEnv } from './mail/config';
import { fetchConfig, fetchEnv } from './net/config';
import { notifyConfig, notifyEnv } from './notify/config';
import { articleSourcesConfig, articleSourcesEnv } from './providers/articles/config';
import { llmConfig, llmEnv } from './providers/llm/config';
import { mediaVendorsConfig, mediaVendorsEnv } from './providers/media/vendors/config';
import { removeBgConfig, removeBgEnv } from './providers/remove-bg/config';
import { transcriptionConfig, transcriptionEnv } from './providers/transcription/config';
import { ttsEnv, ttsVendorsConfig } from './providers/tts/config';
import { publicApiConfig, publicApiEnv } from './public-api/config';
import { queueConfig, queueEnv } from './queue/config';
import { renderConfig, renderEnv } from './render/config';
import { invokedFrom, serverConfig, serverEnv } from './server-config';
import { storageConfig, storageEnv } from './storage/config';
import { uploadsConfig, uploadsEnv } from './uploads/config';
import { videoSitesConfig, videoSitesEnv } from './video-sites/config';
import { webhooksConfig, webhooksEnv } from './webhooks/config';

export { ConfigError };

/** The slices, in the order docs/operations.md lists them. */
export const envSections = [
  { title: 'Server', env: serverEnv },
  { title: 'Accounts', env: accountsEnv },
  { title: 'Mail', env: mailEnv },
  { title: 'File storage', env: storageEnv },
  { title: 'Rendering', env: renderEnv },
  { title: 'Workers and queue metrics', env: queueEnv },
  { title: 'Outgoing fetches', env: fetchEnv },
  { title: 'Web Push', env: notifyEnv },
  { title: 'Uploads', env: uploadsEnv },
  { title: 'Text to speech vendors', env: ttsEnv },
  { title: 'Transcription', env: transcriptionEnv },
  { title: 'Article sources', env: articleSourcesEnv },
  { title: 'Media engines', env: mediaVendorsEnv },
  { title: 'Background removal', env: removeBgEnv },
  { title: 'Language model', env: llmEnv },
  { title: 'Publishing to YouTube', env: videoSitesEnv },
  { title: 'Webhooks', env: webhooksEnv },
  { title: 'Public API', env: publicApiEnv },
] as const satisfies readonly EnvSection[];

const ConfigSchema = z.object(mergeSections(envSections)).transform((e, issues) => {
  const server = serverConfig(e);
  const articles = articleSourcesConfig(e);
  return {
    ...server,
    ...mailConfig(e, { production: e.NODE_ENV === 'production' }),
    ...accountsConfig(e),
    ...notifyConfig(e),
    storage: storageConfig(e, server, issues),
    render: renderConfig(e),
    /** Worker heartbeats and `GET /metrics` (apps/server/src/queue). */
    queue: queueConfig(e),
    fetch: fetchConfig(e),
    /** The paid text-to-speech vendors' settings, one group per adapter in providers/tts/<vendor>. */
    tts: ttsVendorsConfig(e),
    /** Voice-over transcription (providers/transcription/registry.ts); OpenAI's key and URL are `tts.openai`'s. */
    transcription: transcriptionConfig(e),
    /** Article search and keyword sources (providers/articles/registry.ts). */
    articles,
    /** Media search vendors (providers/media/vendors). */
    media: mediaVendorsConfig(e, { braveSearch: articles.brave }),
    /** Member uploads and the image proxy (apps/server/src/uploads). */
    uploads: uploadsConfig(e, issues),
    /** Background removal (providers/remove-bg); no key, no service. */
    removeBg: removeBgConfig(e),
    /** The optimizer's optional rewrite (providers/llm); no key, no rewrite. */
    llm: llmConfig(e),
    /** Publishing to YouTube (apps/server/src/video-sites); no client id, no publishing. */
    videoSites: videoSitesConfig(e, issues),
    /** Webhook deliveries' retries (apps/server/src/webhooks). */
    webhooks: webhooksConfig(e),
    /** The public API `/api/v1` (apps/server/src/public-api). */
    ...publicApiConfig(e),
  };
});

export type Config = z.output<typeof ConfigSchema>;
/** Where finished files live (see apps/server/src/storage). */
export type StorageConfig = Config['storage'];
/** Settings of the paid text-to-speech adapters; a vendor without its key is not offered. */
export type TtsVendorsConfig = Config['tts'];
/** Article and keyword sources; the keyless ones (news RSS, Wikipedia, suggest, Datamuse) go together. */
export type ArticleSourcesConfig = Config['articles'];
/** Media search vendors; a keyed vendor without its key is not offered, the keyless ones go together. */
export type MediaVendorsConfig = Config['media'];

/** Reads the configuration from an environment; the only reader of process.env for settings. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return parseEnvironment(ConfigSchema, env);
}

const RenderCommandSchema = z
  .object({ INIT_CWD: serverEnv.INIT_CWD, ...fetchEnv })
  .transform((e) => ({ invokedFrom: invokedFrom(e), fetch: fetchConfig(e) }));

/** What the `render` command (no server) reads: where it was typed, and the fetch policy. */
export type RenderCommandConfig = z.output<typeof RenderCommandSchema>;

/** The `render` command's settings alone, so that it runs whatever else the environment holds. */
export function loadRenderCommandConfig(env: NodeJS.ProcessEnv = process.env): RenderCommandConfig {
  return parseEnvironment(RenderCommandSchema, env);
}

/** Parses an environment (an empty variable counts as unset); a ConfigError names every variable refused. */
function parseEnvironment<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.output<T> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
