/**
 * Voice-over transcription's slice of the configuration (config-slice.ts). OpenAI's key and
 * address are the speech vendor's (providers/tts/openai/config.ts).
 */
import { z } from 'zod';
import { type EnvOf, httpUrl } from '../../config-slice';

export const transcriptionEnv = {
  TRANSCRIBE_ENGINE: z
    .enum(['align', 'openai', 'whisper', 'aws'])
    .default('align')
    .describe(
      'who transcribes voice-overs: `align` (embedded, aligns the recording with the script), `openai` (needs `OPENAI_API_KEY`), `whisper` (needs `WHISPER_URL`) or `aws` (needs the `AWS_TRANSCRIBE_` keys and `STORAGE=s3`)',
    ),
  OPENAI_TRANSCRIBE_MODEL: z
    .string()
    .min(1)
    .default('whisper-1')
    .describe('the OpenAI transcription model; word timestamps need `whisper-1`'),
  WHISPER_URL: httpUrl()
    .optional()
    .describe(
      "a whisper.cpp server's base address (`/inference` is appended); it must take MP3, e.g. started with `--convert`",
    ),
  AWS_TRANSCRIBE_ACCESS_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Amazon Transcribe: the access key id of an IAM user allowed `transcribe:StartTranscriptionJob`, `transcribe:GetTranscriptionJob` and to read `S3_BUCKET`, where Transcribe reads the recording from',
    ),
  AWS_TRANSCRIBE_SECRET_ACCESS_KEY: z
    .string()
    .min(1)
    .optional()
    .describe("Amazon Transcribe: that user's secret access key"),
  AWS_TRANSCRIBE_REGION: z.string().min(1).default('us-east-1').describe("Amazon Transcribe's region"),
  AWS_TRANSCRIBE_URL: httpUrl()
    .optional()
    .describe("Amazon Transcribe's base address")
    .meta({ defaultText: '`https://transcribe.$AWS_TRANSCRIBE_REGION.amazonaws.com`' }),
};

export function transcriptionConfig(e: EnvOf<typeof transcriptionEnv>) {
  return {
    engine: e.TRANSCRIBE_ENGINE,
    openaiModel: e.OPENAI_TRANSCRIBE_MODEL,
    whisper: { url: e.WHISPER_URL },
    aws: {
      accessKeyId: e.AWS_TRANSCRIBE_ACCESS_KEY_ID,
      secretAccessKey: e.AWS_TRANSCRIBE_SECRET_ACCESS_KEY,
      region: e.AWS_TRANSCRIBE_REGION,
      url: e.AWS_TRANSCRIBE_URL,
    },
  };
}
