/** The language model's slice of the configuration (config-slice.ts): no key, no rewrite offered. */
import { z } from 'zod';
import { type EnvOf, httpUrl } from '../../config-slice';

export const llmEnv = {
  LLM_API_KEY: z
    .string()
    .min(1)
    .optional()
    .describe(
      'an OpenAI-compatible chat-completions key; with it the video optimizer offers to rewrite its title and description (never required)',
    ),
  LLM_URL: httpUrl()
    .default('https://api.openai.com')
    .describe('the chat-completions base address (`/v1/chat/completions` is appended): OpenAI or a compatible server'),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini').describe('the chat model the optimizer asks'),
};

export function llmConfig(e: EnvOf<typeof llmEnv>) {
  return { apiKey: e.LLM_API_KEY, url: e.LLM_URL, model: e.LLM_MODEL };
}

export type LlmConfig = ReturnType<typeof llmConfig>;
