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
import { readJson, tryJson, type VendorCall, vendorFetch } from '../http/vendor-fetch';
import type { TranscriptionProvider } from './types';

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

/** OpenAI errors: `{ error: { message, code } }`; insufficient_quota (a 429) is `quota`. */
const readError: VendorCall['readError'] = (body) => {
  const error = (tryJson(body) as { error?: { message?: string; code?: string } } | undefined)?.error;
  return { message: error?.message, kind: error?.code === 'insufficient_quota' ? 'quota' : undefined };
};

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
      const answer = await vendorFetch(
        endpoint,
        { method: 'POST', headers: { Authorization: `Bearer ${apiKey}` }, body: form },
        { provider: PROVIDER, timeoutMs: TIMEOUT_MS, readError },
      );
      const result = await readJson<VerboseJson>(answer);
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
