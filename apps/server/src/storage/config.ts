/** Storage's slice of the configuration: the disk under DATA_DIR, or an S3-compatible bucket (config-slice.ts). */
import path from 'node:path';
import { z } from 'zod';
import { type ConfigIssues, type EnvOf, flag } from '../config-slice';

const requiredWithS3 = '(required with `STORAGE=s3`)';

export const storageEnv = {
  STORAGE: z
    .enum(['disk', 's3'])
    .default('disk')
    .describe(
      'where rendered videos, thumbnails and uploads live: `disk` (`DATA_DIR/files/`, served by the app) or `s3`, an S3-compatible bucket that browsers download from',
    ),
  S3_BUCKET: z.string().min(1).optional().describe(`the bucket ${requiredWithS3}`),
  S3_REGION: z.string().min(1).default('us-east-1').describe("the bucket's region"),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'an S3-compatible service (MinIO, R2 …) instead of AWS, e.g. `http://minio:9000`; browsers must reach it for downloads',
    ),
  S3_ACCESS_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .describe(
      `the access key id ${requiredWithS3}; it needs \`s3:PutObject\`, \`s3:GetObject\` and \`s3:DeleteObject\` on the bucket`,
    ),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional().describe(`the secret access key ${requiredWithS3}`),
  S3_FORCE_PATH_STYLE: flag
    .default(false)
    .describe(
      'the bucket in the path (`endpoint/bucket/key`) instead of the host name; most self-hosted services need it',
    ),
  S3_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(604800)
    .default(3600)
    .describe('how long a presigned download link stays valid, in seconds (S3 allows at most 7 days, 604800)'),
};

/** Where finished files live (see apps/server/src/storage); a missing S3 setting is reported by name. */
export function storageConfig(e: EnvOf<typeof storageEnv>, context: { dataDir: string }, issues: ConfigIssues) {
  if (e.STORAGE === 'disk') return { kind: 'disk' as const, dir: path.join(context.dataDir, 'files') };
  const required = {
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = required;
  if (!bucket || !accessKeyId || !secretAccessKey) {
    for (const [name, value] of Object.entries(required))
      if (!value) issues.addIssue({ code: 'custom', path: [name], message: 'required when STORAGE=s3' });
    return z.NEVER;
  }
  return {
    kind: 's3' as const,
    bucket,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    urlTtlSeconds: e.S3_URL_TTL_SECONDS,
  };
}
