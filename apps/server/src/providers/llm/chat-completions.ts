/**
 * A language model behind an OpenAI-compatible chat-completions API, with `Authorization: Bearer
 * <key>`: `POST /v1/chat/completions` with `{ model, messages, temperature, max_tokens }`, answered
 * by `{ choices: [{ message: { role: 'assistant', content } , finish_reason }] }`.
 * https://platform.openai.com/docs/api-reference/chat/create — OpenAI, and servers that copy it
 * (vLLM, Ollama, LM Studio, OpenRouter …), so only the documented core of the request is sent.
 */
import { ProviderError } from '../http/provider-error';
import { readJson, tryJson, type VendorErrorDetail, vendorFetch } from '../http/vendor-fetch';
import type { LlmConfig } from './config';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export type ChatOptions = { temperature?: number; maxTokens?: number };

/** A chat model: messages in, the assistant's reply out (a ProviderError when it fails). */
export type ChatModel = {
  /** The model's name, for logs. */
  readonly model: string;
  complete(messages: readonly ChatMessage[], options?: ChatOptions): Promise<string>;
};

const PROVIDER = 'language model';
/** A rewrite is a few hundred words: a minute is plenty, and the member is waiting. */
export const CHAT_TIMEOUT_MS = 60_000;

type ChatCompletion = {
  choices?: { message?: { content?: string | null; refusal?: string | null }; finish_reason?: string }[];
};

/** The configured model, or null when no key is configured (the feature is then not offered). */
export function createChatModel(config: LlmConfig, timeoutMs = CHAT_TIMEOUT_MS): ChatModel | null {
  const { apiKey, model } = config;
  if (!apiKey) return null;
  const endpoint = `${config.url.replace(/\/+$/, '')}/v1/chat/completions`;
  return {
    model,
    async complete(messages, options = {}) {
      const answer = await vendorFetch(
        endpoint,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            model,
            messages,
            ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
            ...(options.maxTokens === undefined ? {} : { max_tokens: options.maxTokens }),
          }),
        },
        { provider: PROVIDER, label: `The language model (${model})`, timeoutMs, readError },
      );
      const completion = await readJson<ChatCompletion>(answer);
      const choice = completion?.choices?.[0];
      if (choice?.message?.refusal) {
        throw new ProviderError(PROVIDER, 'bad_request', `The language model declined: ${choice.message.refusal}`);
      }
      const content = choice?.message?.content;
      if (typeof content !== 'string' || content.trim() === '') {
        throw new ProviderError(PROVIDER, 'bad_answer', `The language model (${model}) sent no reply.`);
      }
      return content;
    },
  };
}

/** OpenAI-style errors: `{ error: { message, type, param, code } }`; insufficient_quota is a 429 too. */
function readError(body: string): VendorErrorDetail {
  const error = (tryJson(body) as { error?: { message?: string; code?: string | null; type?: string } } | undefined)
    ?.error;
  const quota = error?.code === 'insufficient_quota' || error?.type === 'insufficient_quota';
  return { message: error?.message ?? '', kind: quota ? 'quota' : undefined };
}
