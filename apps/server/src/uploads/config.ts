/** Uploads' slice of the configuration: size limits, the image proxy, page screenshots (config-slice.ts). */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import type { ConfigIssues, EnvOf } from '../config-slice';

const bytes = () => z.coerce.number().int().min(1);

export const uploadsEnv = {
  UPLOAD_MAX_IMAGE_BYTES: bytes()
    .default(20_971_520)
    .describe('the largest image a member may upload or add by URL, in bytes (20 MB)'),
  UPLOAD_MAX_VIDEO_BYTES: bytes()
    .default(209_715_200)
    .describe('the largest video a member may upload or add by URL, in bytes (200 MB)'),
  UPLOAD_MAX_AUDIO_BYTES: bytes()
    .default(52_428_800)
    .describe('the largest sound a member may upload or add by URL, in bytes (50 MB)'),
  IMAGE_PROXY_MAX_BYTES: bytes()
    .default(15_728_640)
    .describe('the largest remote image the image proxy (`GET /api/queries/image`) fetches, in bytes (15 MB)'),
  IMAGE_PROXY_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .default(120)
    .describe('requests a minute per client to the image proxy'),
  CHROMIUM_PATH: z
    .string()
    .min(1)
    .optional()
    .describe(
      'the Chromium that takes screenshots of pages added by URL, and that the end-to-end tests drive; `off` turns screenshots off (a page URL is then refused), and a path with no file stops the start',
    )
    .meta({ defaultText: '`/usr/bin/chromium` when it exists' }),
};

const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export function uploadsConfig(e: EnvOf<typeof uploadsEnv>, issues: ConfigIssues) {
  return {
    maxBytes: { image: e.UPLOAD_MAX_IMAGE_BYTES, video: e.UPLOAD_MAX_VIDEO_BYTES, audio: e.UPLOAD_MAX_AUDIO_BYTES },
    proxyMaxBytes: e.IMAGE_PROXY_MAX_BYTES,
    proxyRateLimit: e.IMAGE_PROXY_RATE_LIMIT,
    /** Chromium for page screenshots; undefined when there is none (a page URL is then a 422). */
    chromiumPath: chromiumPath(e.CHROMIUM_PATH, issues),
  };
}

/** The configured Chromium (`off` for none; a wrong path is a config error), else Debian's when installed. */
function chromiumPath(configured: string | undefined, issues: ConfigIssues): string | undefined {
  if (configured === 'off') return undefined;
  if (configured && !existsSync(configured)) {
    issues.addIssue({ code: 'custom', path: ['CHROMIUM_PATH'], message: `no file at ${configured}` });
    return undefined;
  }
  const candidate = configured ?? DEFAULT_CHROMIUM;
  return existsSync(candidate) ? candidate : undefined;
}
