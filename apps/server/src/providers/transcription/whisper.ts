/**
 * A whisper.cpp server (its `examples/server`, `whisper-server`): `POST {base}/inference`
 * (multipart: file, `response_format=verbose_json`, temperature, `token_timestamps=true`).
 * verbose_json mirrors openai/whisper's: `segments: [{ text, start, end, words: [{ word, start,
 * end, probability }] }]`, where each "word" is a Whisper token (seconds). Tokens are joined into
 * words (a token starting with a space starts a word), the punctuation around them dropped, and
 * the words become AWS-shaped items. https://github.com/ggml-org/whisper.cpp/tree/master/examples/server
 *
 * The server must take MP3 (built with ffmpeg support or started with `--convert`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ProviderError } from '../http/provider-error';
import { readJson, tryJson, type VendorCall, vendorFetch } from '../http/vendor-fetch';
import type { TranscriptItem, TranscriptionProvider } from './types';

export type WhisperTranscribeConfig = {
  /** The server's base URL (without `/inference`); unset: not offered. */
  url: string | undefined;
};

const PROVIDER = 'whisper';
/** A local server on a CPU can take a while for a long recording. */
const TIMEOUT_MS = 14 * 60_000;

type VerboseJson = {
  text?: string;
  segments?: {
    text?: string;
    start?: number;
    end?: number;
    words?: { word: string; start?: number; end?: number }[];
  }[];
};

/** The server's errors are `{ error }` or plain text. */
const readError: VendorCall['readError'] = (body) => ({
  message: (tryJson(body) as { error?: string } | undefined)?.error,
});

/** Punctuation and whisper's bracketed markers ([_BEG_], [BLANK_AUDIO]) are not words. */
const bare = (text: string) =>
  text
    .replace(/\[[^\]]*\]/g, '')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .trim();

/** Joins whisper tokens into words with the times of their first and last token. */
export function whisperItems(result: VerboseJson): TranscriptItem[] {
  const words: { text: string; start: number; end: number }[] = [];
  let current: { text: string; start: number; end: number } | undefined;
  for (const segment of result.segments ?? []) {
    const tokens = segment.words?.length
      ? segment.words
      : [{ word: ` ${segment.text ?? ''}`, start: segment.start, end: segment.end }];
    for (const token of tokens) {
      const text = token.word ?? '';
      if (/^\s*\[.*\]\s*$/.test(text)) continue;
      const start = token.start ?? current?.end ?? 0;
      const end = Math.max(start, token.end ?? start);
      if (!current || /^\s/.test(text)) {
        if (current) words.push(current);
        current = { text, start, end };
      } else {
        current.text += text;
        current.end = Math.max(current.end, end);
      }
    }
    // A segment ends a word (with max_len=1 every segment is one).
    if (current) words.push(current);
    current = undefined;
  }
  return words.flatMap((word) => {
    const pieces = word.text.trim().split(/\s+/).map(bare).filter(Boolean);
    if (pieces.length === 0) return [];
    // Plain segment text (no tokens): its words share the segment's time evenly.
    const step = (word.end - word.start) / pieces.length;
    return pieces.map((content, i) => ({
      type: 'pronunciation' as const,
      alternatives: [{ content }] as [{ content: string }],
      start_time: (word.start + i * step).toFixed(3),
      end_time: (word.start + (i + 1) * step).toFixed(3),
    }));
  });
}

export function createWhisperTranscriber(config: WhisperTranscribeConfig): TranscriptionProvider | null {
  if (!config.url) return null;
  const endpoint = `${config.url.replace(/\/+$/, '')}/inference`;
  return {
    name: PROVIDER,
    needsScript: false,
    async transcribe({ recording }) {
      const form = new FormData();
      form.append('file', new Blob([await readFile(recording)], { type: 'audio/mpeg' }), path.basename(recording));
      form.append('response_format', 'verbose_json');
      form.append('temperature', '0.0');
      form.append('token_timestamps', 'true');
      const answer = await vendorFetch(
        endpoint,
        { method: 'POST', body: form },
        { provider: PROVIDER, label: 'the whisper.cpp server', timeoutMs: TIMEOUT_MS, readError },
      );
      const result = await readJson<VerboseJson & { error?: string }>(answer);
      // Some failures (ffmpeg conversion, unreadable audio) come back as `{ error }`.
      if (typeof result.error === 'string') {
        throw new ProviderError(PROVIDER, 'bad_request', `the whisper.cpp server refused: ${result.error}`);
      }
      return { items: whisperItems(result) };
    },
  };
}
