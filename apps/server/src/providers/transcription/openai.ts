/**
 * OpenAI speech to text over its REST API, with `Authorization: Bearer <key>`:
 * `POST /v1/audio/transcriptions` (multipart: file, model, `response_format=verbose_json`,
 * `timestamp_granularities[]=word`), whose `words: [{ word, start, end }]` become AWS-shaped
 * items. https://platform.openai.com/docs/api-reference/audio/createTranscription
 *
 * It recognises rather than aligns: the words are what it heard, which the client aligns to the
 * slide texts (spec 001 §5 "Transcription").
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { TranscriptionError, type TranscriptionProvider } from './types';

export type OpenAiTranscribeConfig = {
  apiKey: string | undefined;
  /** Base URL, default https://api.openai.com (tests: the fake). */
  url: string;
  /** whisper-1 (the model with word timestamps). */
  model: string;
};

const PROVIDER = 'openai';
/** OpenAI takes files up to 25 MB; recordings are at most that (speech/recordings.ts). */
const TIMEOUT_MS = 10 * 60_000;

type VerboseJson = { text?: string; words?: { word: string; start: number; end: number }[] };

const kindOf = (status: number): TranscriptionError['kind'] =>
  status === 401 || status === 403
    ? 'auth'
    : status === 429
      ? 'quota'
      : status >= 400 && status < 500
        ? 'bad_request'
        : 'unavailable';

export function createOpenAiTranscriber(config: OpenAiTranscribeConfig): TranscriptionProvider | null {
  const { apiKey } = config;
  if (!apiKey) return null;
  const endpoint = `${config.url.replace(/\/+$/, '')}/v1/audio/transcriptions`;
  return {
    name: PROVIDER,
    needsScript: false,
    async transcribe({ recording }) {
      const form = new FormData();
      form.append('file', new Blob([await readFile(recording)], { type: 'audio/mpeg' }), path.basename(recording));
      form.append('model', config.model);
      form.append('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'word');
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { Authorization: `Bearer ${apiKey}` },
          body: form,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new TranscriptionError(
          PROVIDER,
          'unavailable',
          `openai could not be reached: ${(error as Error).message}`,
        );
      }
      const body = await response.text();
      if (!response.ok) {
        let message = body.slice(0, 300);
        let kind = kindOf(response.status);
        try {
          const parsed = JSON.parse(body) as { error?: { message?: string; code?: string } };
          message = parsed.error?.message ?? message;
          if (parsed.error?.code === 'insufficient_quota') kind = 'quota';
        } catch {
          // not JSON: the raw text is the message
        }
        throw new TranscriptionError(PROVIDER, kind, `openai answered ${response.status}: ${message}`);
      }
      let result: VerboseJson;
      try {
        result = JSON.parse(body) as VerboseJson;
      } catch {
        throw new TranscriptionError(PROVIDER, 'unavailable', 'openai answered something that is not JSON.');
      }
      const items = (result.words ?? []).map((w) => ({
        type: 'pronunciation' as const,
        alternatives: [{ content: w.word.trim() }] as [{ content: string }],
        start_time: w.start.toFixed(3),
        end_time: Math.max(w.start, w.end).toFixed(3),
      }));
      return { items };
    },
  };
}
