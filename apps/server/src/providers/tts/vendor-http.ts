/**
 * What the paid text-to-speech adapters (google, polly, azure, elevenlabs, openai) share: one
 * timed fetch that turns HTTP failures into TtsProviderError kinds, the MP3 duration measured
 * with ffprobe, language names for voice labels, and a voice list fetched once.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { probeMedia } from '../../ffmpeg/probe';
import { TtsProviderError, type Voice } from './types';

/** Time limits of one vendor call, in milliseconds. */
export type VendorTimeouts = { voicesMs: number; synthesizeMs: number };

export const DEFAULT_TIMEOUTS: VendorTimeouts = { voicesMs: 15_000, synthesizeMs: 60_000 };

/** How a vendor says what went wrong, read from its error body. */
export type VendorErrorDetail = {
  message: string;
  /** A kind the vendor's own code implies, overriding the one the status implies. */
  kind?: TtsProviderError['kind'];
};

/**
 * The kind a status implies: 401/403 auth, 429 quota, other 4xx bad_request (the member can fix
 * the text or the voice), 5xx and anything else unavailable.
 */
export function kindOfStatus(status: number): TtsProviderError['kind'] {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'quota';
  if (status >= 400 && status < 500 && status !== 408) return 'bad_request';
  return 'unavailable';
}

type VendorFetch = {
  provider: string;
  timeoutMs: number;
  /** Reads the vendor's error body into a message (and maybe a kind). */
  readError: (status: number, body: string, headers: Headers) => VendorErrorDetail;
};

/**
 * fetch with a time limit; a non-2xx answer, a timeout or a network failure becomes a
 * TtsProviderError. Returns the response of a 2xx answer, body unread.
 */
export async function vendorFetch(url: string, init: RequestInit, vendor: VendorFetch): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(vendor.timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const reason = timedOut ? `no answer within ${vendor.timeoutMs / 1000} s` : describeNetworkError(error);
    throw new TtsProviderError(vendor.provider, 'unavailable', `${vendor.provider} could not be reached: ${reason}`);
  }
  if (response.ok) return response;
  const body = await readBody(response);
  let detail: VendorErrorDetail;
  try {
    detail = vendor.readError(response.status, body, response.headers);
  } catch {
    detail = { message: '' };
  }
  const message = detail.message.trim() || body.trim().slice(0, 300) || `HTTP ${response.status}`;
  throw new TtsProviderError(
    vendor.provider,
    detail.kind ?? kindOfStatus(response.status),
    `${vendor.provider} answered ${response.status}: ${message}`,
  );
}

/** The body of a 2xx answer as bytes; a timeout while reading is 'unavailable' too. */
export async function readBytes(response: Response, provider: string): Promise<Buffer> {
  try {
    return Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw new TtsProviderError(
      provider,
      'unavailable',
      `${provider} broke off its answer: ${describeNetworkError(error)}`,
    );
  }
}

/** The body of a 2xx answer as JSON; anything else is the vendor misbehaving ('unavailable'). */
export async function readJson<T>(response: Response, provider: string): Promise<T> {
  const bytes = await readBytes(response, provider);
  try {
    return JSON.parse(bytes.toString('utf8')) as T;
  } catch {
    throw new TtsProviderError(provider, 'unavailable', `${provider} answered with JSON that does not parse`);
  }
}

async function readBody(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return '';
  }
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}

/** JSON.parse that gives undefined instead of throwing. */
export function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Seconds of audio in MP3 bytes, measured by ffprobe (vendors' headers are not trusted). An
 * answer ffprobe cannot read, or that holds no audio, is the vendor misbehaving: 'unavailable'.
 */
export async function measureMp3(provider: string, mp3: Buffer): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelwright-tts-'));
  try {
    const file = path.join(dir, 'speech.mp3');
    await writeFile(file, mp3);
    const probed = await probeMedia(file).catch(() => undefined);
    const audio = probed?.streams.find((stream) => stream.type === 'audio');
    if (!probed || !audio || !(probed.duration > 0)) {
      throw new TtsProviderError(provider, 'unavailable', `${provider} answered with audio that is not a readable MP3`);
    }
    return probed.duration;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const standardNames = new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' });
const dialectNames = new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'dialect' });

/**
 * A BCP 47 code in English, e.g. 'English (United States)'; 'mul' is 'Multilingual'. `short`
 * gives the dialect form for labels, e.g. 'American English'.
 */
export function languageNameOf(code: string, short = false): string {
  if (code === 'mul') return 'Multilingual';
  try {
    return (short ? dialectNames : standardNames).of(code) ?? code;
  } catch {
    return code;
  }
}

/** 'Joanna (American English, female)'. */
export function voiceLabel(name: string, languageCode: string, gender: Voice['gender']): string {
  const parts = [languageNameOf(languageCode, true), gender].filter(Boolean);
  return `${name} (${parts.join(', ')})`;
}

/**
 * A paid vendor's voice as the voice list shows it: `label` like 'Joanna (American English,
 * female)' from the shown name, the language's English name, engine 'paid_tts'.
 */
export function vendorVoice(
  provider: string,
  voice: { id: string; name: string; shownName?: string; languageCode: string; gender?: Voice['gender'] },
): Voice {
  return {
    id: voice.id,
    label: voiceLabel(voice.shownName ?? voice.name, voice.languageCode, voice.gender),
    name: voice.name,
    languageCode: voice.languageCode,
    languageName: languageNameOf(voice.languageCode),
    engine: 'paid_tts',
    provider,
    gender: voice.gender,
  };
}

/** 'FEMALE' / 'Female' / 'male' / 'NEUTRAL' → Voice gender, else undefined. */
export function genderOf(value: unknown): Voice['gender'] {
  const lower = typeof value === 'string' ? value.toLowerCase() : '';
  return lower === 'female' || lower === 'male' || lower === 'neutral' ? lower : undefined;
}

/**
 * Calls `load` once and keeps its result; a failure is not kept, so the next call tries again.
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/** The base URL without a trailing slash, so `${base}/v1/…` never doubles it. */
export const trimBase = (url: string) => url.replace(/\/+$/, '');

/**
 * Text for an XML (SSML) document: markup characters escaped, and the control characters XML 1.0
 * forbids dropped (a vendor would refuse the whole document).
 */
export const escapeXml = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping the control characters XML forbids is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** Clamps a number into [min, max]. */
export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
