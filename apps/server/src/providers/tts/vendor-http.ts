/**
 * What the paid text-to-speech adapters (google, polly, azure, elevenlabs, openai) share besides
 * the vendor fetch of `providers/http`: the MP3 duration measured with ffprobe, language names
 * for voice labels, and a voice list fetched once.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { probeMedia } from '../../ffmpeg/probe';
import { ProviderError } from '../http/provider-error';
import type { Voice } from './types';

/** Time limits of one vendor call, in milliseconds. */
export type VendorTimeouts = { voicesMs: number; synthesizeMs: number };

export const DEFAULT_TIMEOUTS: VendorTimeouts = { voicesMs: 15_000, synthesizeMs: 60_000 };

/**
 * Seconds of audio in MP3 bytes, measured by ffprobe (vendors' headers are not trusted). An
 * answer ffprobe cannot read, or that holds no audio, is the vendor misbehaving: 'bad_answer'.
 */
export async function measureMp3(provider: string, mp3: Buffer): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelwright-tts-'));
  try {
    const file = path.join(dir, 'speech.mp3');
    await writeFile(file, mp3);
    const probed = await probeMedia(file).catch(() => undefined);
    const audio = probed?.streams.find((stream) => stream.type === 'audio');
    if (!probed || !audio || !(probed.duration > 0)) {
      throw new ProviderError(provider, 'bad_answer', `${provider} answered with audio that is not a readable MP3`);
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
