/** Amazon Polly's slice of the configuration (config-slice.ts); no keys, no vendor. */
import { z } from 'zod';
import { type EnvOf, httpUrl } from '../../../config-slice';

export const pollyEnv = {
  POLLY_ACCESS_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Amazon Polly: the access key id of an IAM user allowed `polly:DescribeVoices` and `polly:SynthesizeSpeech`; word timings cost a second, also billed, request',
    ),
  POLLY_SECRET_ACCESS_KEY: z.string().min(1).optional().describe("Amazon Polly: that user's secret access key"),
  POLLY_REGION: z.string().min(1).default('us-east-1').describe("Amazon Polly's region"),
  POLLY_URL: httpUrl()
    .optional()
    .describe("Amazon Polly's base address")
    .meta({ defaultText: '`https://polly.$POLLY_REGION.amazonaws.com`' }),
};

export function pollyConfig(e: EnvOf<typeof pollyEnv>) {
  return {
    accessKeyId: e.POLLY_ACCESS_KEY_ID,
    secretAccessKey: e.POLLY_SECRET_ACCESS_KEY,
    region: e.POLLY_REGION,
    url: e.POLLY_URL,
  };
}
