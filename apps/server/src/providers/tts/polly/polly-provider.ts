/**
 * Amazon Polly over its REST API, signed with AWS Signature V4 (service `polly`):
 * DescribeVoices (`GET /v1/voices`) and SynthesizeSpeech (`POST /v1/speech`), the second also
 * with `OutputFormat: 'json', SpeechMarkTypes: ['word']` for word timings.
 * https://docs.aws.amazon.com/polly/latest/dg/API_SynthesizeSpeech.html
 *
 * Each voice is offered once per engine it supports among standard and neural, with ids like
 * 'polly:Joanna:neural'. Rate and pitch go through SSML `<prosody>` (neural voices ignore pitch).
 */

import { readAwsError } from '../../http/aws-errors';
import { type AwsCredentials, signedHeaders } from '../../http/aws-sign';
import { ProviderError } from '../../http/provider-error';
import { readBytes, readJson, tryJson, type VendorResponse, vendorFetch } from '../../http/vendor-fetch';
import type { SynthesisOptions, TtsProvider, Voice, WordTiming } from '../types';
import {
  DEFAULT_TIMEOUTS,
  escapeXml,
  genderOf,
  measureMp3,
  once,
  trimBase,
  type VendorTimeouts,
  vendorVoice,
} from '../vendor-http';

export type PollyTtsConfig = {
  /** POLLY_ACCESS_KEY_ID and POLLY_SECRET_ACCESS_KEY; without both the provider is not offered. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** POLLY_REGION, default us-east-1. */
  region: string;
  /** POLLY_URL, default https://polly.{region}.amazonaws.com (tests: the fake). */
  url: string | undefined;
  /** Ask for word timings with a second (speech marks) request; on by default. */
  speechMarks?: boolean;
};

const PROVIDER = 'polly';
const ENGINES = ['standard', 'neural'] as const;
type PollyEngine = (typeof ENGINES)[number];

type PollyVoice = {
  Id?: string;
  Name?: string;
  Gender?: string;
  LanguageCode?: string;
  SupportedEngines?: string[];
};

export function createPollyProvider(
  config: PollyTtsConfig,
  timeouts: VendorTimeouts = DEFAULT_TIMEOUTS,
): TtsProvider | null {
  const { accessKeyId, secretAccessKey, region } = config;
  if (!accessKeyId || !secretAccessKey) return null;
  const credentials: AwsCredentials = { accessKeyId, secretAccessKey };
  const base = trimBase(config.url ?? `https://polly.${region}.amazonaws.com`);

  async function call(method: 'GET' | 'POST', url: URL, body: unknown, timeoutMs: number): Promise<VendorResponse> {
    const json = body === undefined ? undefined : JSON.stringify(body);
    const headers = await signedHeaders({
      url,
      method,
      headers: json === undefined ? {} : { 'content-type': 'application/json' },
      body: json,
      region,
      credentials,
      service: 'polly',
    });
    return vendorFetch(
      url.href,
      { method, headers, body: json },
      { provider: PROVIDER, timeoutMs, readError: readAwsError },
    );
  }

  const voices = once(async () => {
    const found: Voice[] = [];
    let nextToken: string | undefined;
    do {
      const url = new URL(`${base}/v1/voices`);
      if (nextToken) url.searchParams.set('NextToken', nextToken);
      const page = await readJson<{ Voices?: PollyVoice[]; NextToken?: string }>(
        await call('GET', url, undefined, timeouts.voicesMs),
      );
      for (const voice of page.Voices ?? []) found.push(...voicesOf(voice));
      nextToken = page.NextToken || undefined;
    } while (nextToken);
    return found;
  });

  return {
    name: PROVIDER,
    engine: 'paid_tts',
    voices,
    async synthesize(text: string, voice: Voice, options: SynthesisOptions = {}) {
      const [prefix, voiceId, engine] = voice.id.split(':');
      if (prefix !== PROVIDER || !voiceId || !ENGINES.includes(engine as PollyEngine)) {
        throw new ProviderError(PROVIDER, 'bad_request', `${voice.id} is not a Polly voice`);
      }
      const input = speechInput(text, engine as PollyEngine, options);
      const request = {
        Engine: engine,
        LanguageCode: voice.languageCode,
        VoiceId: voiceId,
        ...input,
      };
      const url = new URL(`${base}/v1/speech`);
      const audio = call(
        'POST',
        url,
        { ...request, OutputFormat: 'mp3', SampleRate: engine === 'neural' ? '24000' : '22050' },
        timeouts.synthesizeMs,
      ).then((response) => readBytes(response));
      const marks =
        config.speechMarks === false
          ? undefined
          : call('POST', url, { ...request, OutputFormat: 'json', SpeechMarkTypes: ['word'] }, timeouts.synthesizeMs)
              .then((response) => readBytes(response))
              .then((bytes) => bytes.toString('utf8'));
      // Both settle before either failure is reported, so no request outlives the call.
      const [audioResult, marksResult] = await Promise.allSettled([audio, marks]);
      if (audioResult.status === 'rejected') throw audioResult.reason;
      if (marksResult.status === 'rejected') throw marksResult.reason;
      const [mp3, marksText] = [audioResult.value, marksResult.value];
      const duration = await measureMp3(PROVIDER, mp3);
      return marksText === undefined ? { mp3, duration } : { mp3, duration, words: wordsOf(marksText, duration) };
    },
  };
}

function voicesOf(voice: PollyVoice): Voice[] {
  const { Id: id, LanguageCode: languageCode } = voice;
  if (!id || !languageCode) return [];
  const gender = genderOf(voice.Gender);
  const name = voice.Name || id;
  return ENGINES.filter((engine) => voice.SupportedEngines?.includes(engine)).map((engine) =>
    vendorVoice(PROVIDER, {
      id: `${PROVIDER}:${id}:${engine}`,
      name,
      shownName: `${name} ${engine === 'neural' ? 'Neural' : 'Standard'}`,
      languageCode,
      gender,
    }),
  );
}

/** Plain text, or SSML with `<prosody>` when the rate or pitch differs from the voice's own. */
function speechInput(text: string, engine: PollyEngine, options: SynthesisOptions): { Text: string; TextType: string } {
  const rate = options.rate ?? 1;
  // Polly takes pitch as a percentage, and only for standard voices.
  const pitch = engine === 'standard' ? (options.pitch ?? 0) : 0;
  if (rate === 1 && pitch === 0) return { Text: text, TextType: 'text' };
  const attributes = [`rate="${Math.round(rate * 100)}%"`];
  if (pitch !== 0) {
    const percent = Math.round((2 ** (pitch / 12) - 1) * 100);
    attributes.push(`pitch="${percent >= 0 ? '+' : ''}${percent}%"`);
  }
  return { Text: `<speak><prosody ${attributes.join(' ')}>${escapeXml(text)}</prosody></speak>`, TextType: 'ssml' };
}

/**
 * Speech marks are one JSON object a line: `{"time":370,"type":"word","start":5,"end":9,"value":"had"}`
 * with `time` in milliseconds. A word ends where the next begins; the last one at the end.
 */
function wordsOf(marks: string, duration: number): WordTiming[] {
  const starts = marks
    .split('\n')
    .map((line) => tryJson(line) as { time?: number; type?: string; value?: string } | undefined)
    .filter((mark) => mark?.type === 'word' && typeof mark.time === 'number' && typeof mark.value === 'string')
    .map((mark) => ({ text: mark?.value ?? '', start: (mark?.time ?? 0) / 1000 }));
  return starts.map((word, index) => ({ ...word, end: starts[index + 1]?.start ?? duration }));
}
