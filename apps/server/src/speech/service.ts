/**
 * Text to speech for the wizard and editor (spec 001 §5–7, 000 §7): the voice list, speaking a
 * slide's text with the member's pronunciations under the free plan's limit, previews of a
 * pronunciation, and voice demos. Clips are cached by what makes them sound the same, so a
 * repeat costs no synthesis.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanSpeechText, FREE_SPEECH_SECONDS, messages, type SpokenWord, ttsSettingsOf } from '@reelwright/core';
import { and, eq, sql } from 'drizzle-orm';
import { abilitiesOf, type Member } from '../accounts/service';
import type { Db } from '../db/client';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import { ProviderError } from '../providers/http/provider-error';
import type { TtsProviders } from '../providers/tts/registry';
import type { SynthesisOptions, Voice } from '../providers/tts/types';
import { getSettings } from '../settings/service';
import type { FileStore } from '../storage';
import { wordsOfClip } from './clip-words';
import { applyPronunciations, clipKey } from './speech-text';
import { ttsClips, ttsUsage } from './tables';

/** Characters one clip may hold (a slide breaks text at 320 by default, spec 001 §5). */
export const SPEECH_TEXT_MAX_CHARS = 3000;

/**
 * Characters a pronunciation preview may hold (ours): a word or two as it should sound. Previews
 * are not narration, so they do not count against the free allowance; this bound and the
 * route's rate limit keep them from being a way round it.
 */
export const PREVIEW_TEXT_MAX_CHARS = 100;

/** Previews one member may ask for per minute (ours): plenty to try words, too few to narrate with. */
export const PREVIEWS_PER_MINUTE = 20;

/** What the speech calls answer; the first two are the spec's own words (001 §6), from core. */
export const SPEECH_MESSAGES = {
  visitor: messages.ttsSignupRequired,
  empty: messages.ttsEmptyText,
  freeLimit: `Free accounts can generate up to ${FREE_SPEECH_SECONDS} seconds of speech per project, and this project has used them. Paid plans have no limit.`,
} as const;

export type SpeechDeps = {
  db: Db;
  files: FileStore;
  tts: TtsProviders;
  log: { error(obj: object, message: string): void };
  /**
   * Throws (a 404) unless the project is the member's: speech counted for a project must be for
   * one of theirs. Given by the app, which knows projects (speech does not import them: projects
   * check their media against speech's clips).
   */
  assertOwnProject?: (userId: number, projectId: number) => Promise<void>;
};

export type SpeakInput = {
  text: string;
  voiceId?: string;
  lang?: string;
  /** The project the speech is for; 0 or absent outside a project. */
  pid?: number;
  /**
   * Find the clip's words for captions (default true). A caller whose video will show no
   * captions skips the aligner's work, which costs more than the speech itself with eSpeak.
   */
  words?: boolean;
} & SynthesisOptions;

/** A stored clip: where it is served, how long it is, and its words when known (captions, D68). */
export type SpokenClip = { url: string; duration: number; words?: SpokenWord[] };

const urlOf = (key: string) => `/media/tts/${key}.mp3`;

/** The voices on offer: every engine for `all` (or members with paid voices), otherwise the free ones. */
export async function listVoices(
  tts: TtsProviders,
  options: { engine?: string; member: Member | null },
): Promise<Voice[]> {
  const voices = await tts.voices();
  const engine = options.engine ?? (abilitiesOf(options.member).paidVoices ? 'all' : 'free_tts');
  const shown = engine === 'all' ? voices : voices.filter((v) => v.engine === engine);
  return shown.sort(
    (a, b) =>
      a.languageName.localeCompare(b.languageName, 'en') ||
      (a.engine === b.engine ? 0 : a.engine === 'paid_tts' ? -1 : 1) ||
      a.label.localeCompare(b.label, 'en'),
  );
}

/**
 * Speaks a slide's text for a member: asterisks stripped, pronunciations applied, the free plan's
 * 35 s per project enforced (a clip already counted for the project is free to fetch again).
 */
export async function speak(deps: SpeechDeps, member: Member | null, input: SpeakInput): Promise<SpokenClip> {
  if (!member) throw new AppError(401, 'signup_required', SPEECH_MESSAGES.visitor);
  const cleaned = cleanSpeechText(input.text);
  if (cleaned.length > SPEECH_TEXT_MAX_CHARS) {
    throw badRequest(
      `This text is ${cleaned.length} characters long; one clip can hold ${SPEECH_TEXT_MAX_CHARS}. Split it over more slides.`,
      'text',
      'text_too_long',
    );
  }
  const voice = await voiceFor(deps, member, cleaned, input);
  const { words } = ttsSettingsOf(await getSettings(deps.db, { userId: member.id }));
  const spoken = applyPronunciations(cleaned, words);
  const options = { rate: input.rate, pitch: input.pitch };
  const key = clipKey({ provider: voice.provider, voiceId: voice.id, text: spoken, ...options });
  const projectId = input.pid ?? 0;

  const allowance = abilitiesOf(member).maxSpeechSeconds;
  if (allowance !== null) {
    if (projectId > 0) {
      if (!deps.assertOwnProject) throw new Error('Speech for a project needs assertOwnProject.');
      await deps.assertOwnProject(member.id, projectId);
    }
    const usage = await projectUsage(deps.db, member.id, projectId, key);
    if (!usage.counted && usage.seconds > allowance) {
      throw forbidden(SPEECH_MESSAGES.freeLimit, 'speech_limit');
    }
  }
  const clip = await clipFor(deps, voice, spoken, options, key, { words: input.words ?? true });
  await deps.db
    .insert(ttsUsage)
    .values({ userId: member.id, projectId, clipKey: key, seconds: clip.duration })
    .onConflictDoNothing();
  return clip;
}

/**
 * Speaks a pronunciation as the custom pronunciations dialog plays it (spec 000 §2, §6): the
 * text as written (it is already how the word should sound, so no pronunciation is applied),
 * at most {@link PREVIEW_TEXT_MAX_CHARS} characters, for any project and counted against none.
 */
export async function speakPreview(
  deps: SpeechDeps,
  member: Member | null,
  input: Omit<SpeakInput, 'pid'>,
): Promise<SpokenClip> {
  if (!member) throw new AppError(401, 'signup_required', SPEECH_MESSAGES.visitor);
  const cleaned = cleanSpeechText(input.text);
  if (cleaned.length > PREVIEW_TEXT_MAX_CHARS) {
    throw badRequest(
      `A pronunciation preview can hold ${PREVIEW_TEXT_MAX_CHARS} characters; this one has ${cleaned.length}. Write just the word the way it should sound.`,
      'text',
      'text_too_long',
    );
  }
  const voice = await voiceFor(deps, member, cleaned, input);
  const options = { rate: input.rate, pitch: input.pitch };
  const key = clipKey({ provider: voice.provider, voiceId: voice.id, text: cleaned, ...options });
  return clipFor(deps, voice, cleaned, options, key, { words: false });
}

/** The voice to speak `cleaned` with, after checking there is text and a voice was chosen. */
async function voiceFor(
  deps: SpeechDeps,
  member: Member,
  cleaned: string,
  input: Pick<SpeakInput, 'voiceId' | 'lang'>,
): Promise<Voice> {
  if (!cleaned) throw badRequest(SPEECH_MESSAGES.empty, 'text', 'empty_text');
  if (!input.voiceId || !input.lang) {
    deps.log.error(
      { userId: member.id, voiceId: input.voiceId ?? null, lang: input.lang ?? null },
      'speech asked for without a voice or language',
    );
    throw badRequest(
      'Choose a voice for this slide first: speech needs a voice and a language.',
      'voiceId',
      'voice_required',
    );
  }
  const voice = await deps.tts.resolveVoice(input.voiceId, input.lang);
  if (!voice) throw badRequest(`There is no voice ${input.voiceId}. Choose another voice.`, 'voiceId', 'unknown_voice');
  return voice;
}

/** Seconds of speech generated for a member's project, and whether a clip is among them. */
export async function projectUsage(
  db: Db,
  userId: number,
  projectId: number,
  key: string,
): Promise<{ seconds: number; counted: boolean }> {
  const [row] = await db
    .select({
      seconds: sql<number>`coalesce(sum(${ttsUsage.seconds}), 0)`.mapWith(Number),
      counted: sql<boolean>`coalesce(bool_or(${ttsUsage.clipKey} = ${key}), false)`,
    })
    .from(ttsUsage)
    .where(and(eq(ttsUsage.userId, userId), eq(ttsUsage.projectId, projectId)));
  return { seconds: row?.seconds ?? 0, counted: row?.counted === true };
}

/** A short clip of a voice for the voice picker; public, cached, and free of any limit. */
export async function demoClip(deps: SpeechDeps, voiceId: string, lang?: string): Promise<SpokenClip> {
  const voice = (await deps.tts.findVoice(voiceId)) ?? (await deps.tts.resolveVoice(voiceId, lang));
  if (!voice) throw notFound(`There is no voice ${voiceId}.`, 'unknown_voice');
  const text = demoText(voice.languageCode);
  return clipFor(deps, voice, text, {}, clipKey({ provider: voice.provider, voiceId: voice.id, text }), {
    words: false,
  });
}

/**
 * What a demo says: a sentence in English voices; elsewhere the language's own name and a count
 * to three (numbers every engine reads in its language), so no translations are needed.
 */
export function demoText(languageCode: string): string {
  const base = languageCode.split('-')[0]?.toLowerCase() ?? 'en';
  if (base === 'en') return 'Hello! This is how I sound when I narrate your video.';
  let autonym: string | undefined;
  try {
    autonym = new Intl.DisplayNames([languageCode], { type: 'language' }).of(languageCode);
  } catch {
    // an invented code (eSpeak has a few)
  }
  return autonym && autonym.toLowerCase() !== languageCode.toLowerCase() ? `${autonym}. 1, 2, 3.` : '1, 2, 3.';
}

/** Synthesis in flight by file store and clip key, so two requests for the same new clip synthesise it once. */
const inFlightByStore = new WeakMap<FileStore, Map<string, Promise<SpokenClip>>>();

/**
 * The clip from the cache, or synthesised, stored (`tts/<key>.mp3`) and recorded. Narration
 * (`words`) comes with its words, found now for a clip stored without them; demos and previews
 * are not captioned and skip that work.
 */
async function clipFor(
  deps: SpeechDeps,
  voice: Voice,
  text: string,
  options: SynthesisOptions,
  key: string,
  want: { words: boolean },
): Promise<SpokenClip> {
  const [cached] = await deps.db.select().from(ttsClips).where(eq(ttsClips.key, key));
  if (cached?.words) return { url: urlOf(key), duration: cached.duration, words: cached.words };
  if (cached && !want.words) return { url: urlOf(key), duration: cached.duration };
  const inFlight = inFlightByStore.get(deps.files) ?? new Map<string, Promise<SpokenClip>>();
  inFlightByStore.set(deps.files, inFlight);
  const running = inFlight.get(key);
  if (running) return running;
  const made = (
    cached
      ? alignStored(deps, voice, text, key, cached.duration)
      : synthesiseAndStore(deps, voice, text, options, key, want)
  ).finally(() => inFlight.delete(key));
  inFlight.set(key, made);
  return made;
}

async function synthesiseAndStore(
  deps: SpeechDeps,
  voice: Voice,
  text: string,
  options: SynthesisOptions,
  key: string,
  want: { words: boolean },
): Promise<SpokenClip> {
  const provider = deps.tts.providerOf(voice);
  let result: Awaited<ReturnType<typeof provider.synthesize>>;
  try {
    result = await provider.synthesize(text, voice, options);
  } catch (error) {
    if (error instanceof ProviderError) throw providerFailure(error);
    throw error;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'rw-speech-'));
  let words: SpokenWord[] | undefined;
  try {
    const file = path.join(dir, 'clip.mp3');
    await writeFile(file, result.mp3);
    await deps.files.put(`tts/${key}.mp3`, file, 'audio/mpeg');
    // In the same request (D68): the words must reach the project with the clip for the preview
    // to caption what the export will; once per clip, as the synthesis is.
    if (want.words || result.words) {
      words = await wordsOfClip(deps, { file, text, voiceId: voice.id, vendorWords: result.words });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await deps.db
    .insert(ttsClips)
    .values({
      key,
      provider: voice.provider,
      voiceId: voice.id,
      duration: result.duration,
      bytes: result.mp3.length,
      words: words ?? null,
    })
    .onConflictDoNothing();
  return { url: urlOf(key), duration: result.duration, ...(words ? { words } : {}) };
}

/** A clip stored before captions existed: aligned now from its stored MP3, once. */
async function alignStored(
  deps: SpeechDeps,
  voice: Voice,
  text: string,
  key: string,
  duration: number,
): Promise<SpokenClip> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rw-speech-'));
  try {
    const file = await deps.files.localCopy(`tts/${key}.mp3`, dir);
    const words = await wordsOfClip(deps, { file, text, voiceId: voice.id });
    if (words) await deps.db.update(ttsClips).set({ words }).where(eq(ttsClips.key, key));
    return { url: urlOf(key), duration, ...(words ? { words } : {}) };
  } catch (error) {
    deps.log.error({ key, reason: (error as Error).message }, 'a stored speech clip could not be aligned');
    return { url: urlOf(key), duration };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A vendor's failure as an answer the member can act on. Out of quota and rate limited answer
 * alike (a 429 was `quota` before D63 gave the two kinds apart): either way, try later or choose
 * a free voice.
 */
function providerFailure(error: ProviderError): AppError {
  switch (error.kind) {
    case 'bad_request':
      return badRequest(`The voice service could not speak this text: ${error.message}`, 'text', 'tts_rejected');
    case 'quota':
    case 'rate_limited':
      return new AppError(
        503,
        'tts_quota',
        'The voice service is over its quota. Try again later or choose a free voice.',
      );
    default:
      return new AppError(
        502,
        'tts_unavailable',
        `The voice service failed (${error.provider}). Try again, or choose a free voice.`,
      );
  }
}

export { usableSpeechKeys } from './owners';
// What other domains use of speech: the stored recordings a voice-over is transcribed from.
export { RECORDING_MAX_BYTES, recordingTooLarge, saveRecording } from './recordings';
